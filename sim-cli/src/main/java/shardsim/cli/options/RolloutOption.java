package shardsim.cli.options;

import picocli.CommandLine.Option;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.Scenario;

/** {@code --from} and {@code --to}: the old and the new code of a rollout. */
public final class RolloutOption {
    @Option(
            names = "--from",
            paramLabel = "MODE",
            description = "The code every node runs before the rollout (default: the scenario's first mode, buggy).")
    String from;

    @Option(
            names = "--to",
            paramLabel = "MODE",
            description = "The code the rollout moves the nodes to (default: fixed).")
    String to;

    public String from(Scenario s) {
        return check(s, "--from", from == null ? s.modes().get(0) : from);
    }

    public String to(Scenario s) {
        if (to == null && !s.modes().contains("fixed")) {
            throw new UserError(s.name() + " has no mode 'fixed': name the new code with --to (one of "
                    + String.join(", ", s.modes()) + ")");
        }
        return check(s, "--to", to == null ? "fixed" : to);
    }

    private static String check(Scenario s, String option, String mode) {
        if (!s.modes().contains(mode)) {
            throw new UserError(option + ": unknown mode '" + mode + "' for " + s.name() + " (expected one of "
                    + String.join(", ", s.modes()) + ")");
        }
        return mode;
    }
}
