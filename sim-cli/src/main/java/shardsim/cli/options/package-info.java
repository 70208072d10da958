/**
 * What the commands share, declared once: the scenario parameter and the mode, plan, seed, seed
 * range, thread, JSON, progress and --fail-on-gaps options (picocli mixins, one help text each) with their
 * validation, the plan a command runs, and the registry of scenarios the names are looked up in.
 * Bad input here is a {@link shardsim.cli.base.UserError}: one line on stderr, exit 2.
 */
package shardsim.cli.options;
