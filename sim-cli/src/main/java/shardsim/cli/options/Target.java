package shardsim.cli.options;

import picocli.CommandLine.Mixin;
import shardsim.core.scenario.Scenario;

/** SCENARIO, {@code --mode} and {@code --plan}: what a command that runs simulations runs. */
public final class Target {
    @Mixin
    ScenarioArg scenario;

    @Mixin
    ModeOption mode;

    @Mixin
    PlanOption plan;

    /** The scenario named, or a one-line error naming the known ones. */
    public Scenario scenario(Registry registry) {
        return scenario.in(registry);
    }

    /** The mode asked for, or the scenario's first. */
    public String mode(Scenario s) {
        return mode.of(s);
    }

    public PlanOption plan() {
        return plan;
    }
}
