package shardsim.cli.options;

import picocli.CommandLine.Option;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.Scenario;

/** {@code --mode}. */
public final class ModeOption {
    @Option(
            names = "--mode",
            paramLabel = "MODE",
            description =
                    "buggy, fixed or an ablation, as 'sim list' shows (default: the scenario's first mode, buggy).")
    String mode;

    /** The mode asked for, or the scenario's default (its first) when none was given. */
    public String of(Scenario scenario) {
        if (mode == null) {
            return scenario.modes().get(0);
        }
        if (!scenario.modes().contains(mode)) {
            throw new UserError("unknown mode '" + mode + "' for " + scenario.name() + " (expected one of "
                    + String.join(", ", scenario.modes()) + ")");
        }
        return mode;
    }
}
