package shardsim.cli.options;

import picocli.CommandLine.Mixin;
import shardsim.core.scenario.Scenario;

/** SCENARIO, {@code --mode}, {@code --plan} and {@code --node-mode}: what a command that runs simulations runs. */
public final class Target {
    @Mixin
    ScenarioArg scenario;

    @Mixin
    ModeOption mode;

    @Mixin
    PlanOption plan;

    @Mixin
    NodeModeOption nodeModes;

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

    /**
     * The plan asked for ({@link PlanOption#choose}) with the {@code --node-mode} pairs given, which
     * override a plan file's {@code "modes"} name by name.
     */
    public PlanChoice choose(Scenario s, String fallback) {
        return plan.choose(s, fallback).withNodeModes(nodeModes.of(s));
    }

    /** The {@code --node-mode} pairs given (for commands that build their specs themselves). */
    public java.util.SortedMap<String, String> nodeModes(Scenario s) {
        return nodeModes.of(s);
    }
}
