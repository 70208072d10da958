/**
 * The {@code sim} command: one picocli subcommand per class, the exit-code policy, and the
 * context (output streams, scenario registry) every subcommand is built with.
 */
package shardsim.cli;
