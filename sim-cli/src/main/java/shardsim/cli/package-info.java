/**
 * The {@code sim} command: one picocli subcommand per class, the policy that turns failures into
 * exit codes ({@link shardsim.cli.Main}), and the context (output streams, scenario registry)
 * every subcommand is built with.
 */
package shardsim.cli;
