package shardsim.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanJson;
import shardsim.core.scenario.PlanKinds;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.core.shrink.Shrinker;
import shardsim.core.trace.Trace;

/**
 * The round trip of plan files as a contract: a plan, written as a plan file by the one codec
 * ({@link PlanJson}) and read back, is the same plan, writes the same text again, names the same
 * seed, and runs to the same digest. {@link #difference(Scenario, RunSpec)} takes the plan
 * {@link Scenario#planOf} gives for a spec (documented, random, swarm, targeted: every built-in
 * plan); {@link #shrunk} gives a shrunk plan to hold to it too. A scenario's own test calls these
 * for its plans, as shardsim's tests do for every built-in scenario.
 */
public final class PlanRoundTrip {
    private PlanRoundTrip() {}

    /** What keeps a kind of {@code scenario} out of plan files ({@link PlanKinds#problems}); empty when every kind has its form. */
    public static List<String> kindProblems(Scenario scenario) {
        return PlanKinds.problems(scenario);
    }

    /** The round trip of the plan {@link Scenario#planOf} gives for {@code spec}: where it differs, or empty. */
    public static Optional<String> difference(Scenario scenario, RunSpec spec) {
        return difference(scenario, spec.mode(), scenario.planOf(spec), spec.seed());
    }

    /**
     * The round trip of {@code plan}, run in {@code mode} with {@code seed}: empty when the plan read
     * back equals it, is written as the same text, names the seed and runs to the same digest;
     * otherwise one line saying what differs first.
     */
    public static Optional<String> difference(Scenario scenario, String mode, CustomPlan plan, long seed) {
        String label = scenario.name() + " " + mode + " " + plan.source() + " seed " + seed;
        String text;
        try {
            text = PlanJson.write(plan, scenario.name(), seed);
        } catch (IllegalStateException e) {
            return Optional.of(label + ": cannot be written: " + e.getMessage());
        }
        PlanJson.Read read;
        try {
            read = PlanJson.read(text, plan.source(), scenario);
        } catch (IllegalArgumentException e) {
            return Optional.of(label + ": written but not read back: " + e.getMessage());
        }
        if (!read.plan().equals(plan)) {
            return Optional.of(label + ": read back as another plan: " + read.plan() + " instead of " + plan);
        }
        String again = PlanJson.write(read.plan(), scenario.name(), seed);
        if (!again.equals(text)) {
            return Optional.of(label + ": the plan read back is written as other text");
        }
        if (read.seed().isEmpty() || read.seed().getAsLong() != seed) {
            return Optional.of(label + ": the file names seed " + read.seed() + ", not " + seed);
        }
        RunResult before = run(scenario, mode, plan, seed);
        RunResult after = run(scenario, mode, read.plan(), seed);
        if (before.digest() != after.digest()) {
            return Optional.of(
                    label + ": the plan read back runs to digest " + after.digestHex() + ", not " + before.digestHex());
        }
        return Optional.empty();
    }

    /** Throws an {@link AssertionError} naming the difference, if there is one. */
    public static void assertRoundTrips(Scenario scenario, String mode, CustomPlan plan, long seed) {
        difference(scenario, mode, plan, seed).ifPresent(d -> {
            throw new AssertionError(d);
        });
    }

    /**
     * The plan of {@code spec} shrunk (with at most {@code maxRuns} candidate runs) to what still
     * breaks its first broken invariant, or empty if the run breaks none.
     */
    public static Optional<CustomPlan> shrunk(Scenario scenario, RunSpec spec, int maxRuns) {
        CustomPlan start = scenario.planOf(spec);
        if (run(scenario, spec.mode(), start, spec.seed()).ok()) {
            return Optional.empty();
        }
        Shrinker shrinker = new Shrinker(
                plans -> {
                    List<RunResult> out = new ArrayList<>();
                    for (CustomPlan p : plans) {
                        out.add(run(scenario, spec.mode(), p, spec.seed()));
                    }
                    return out;
                },
                ShrinkBudget.runs(maxRuns),
                1,
                (runs, faults, operations) -> {});
        ShrinkResult r = shrinker.shrink(start, null);
        return Optional.of(
                r.shrunk().withSource(scenario.name() + "-" + spec.plan() + "-seed-" + spec.seed() + "-shrunk.json"));
    }

    private static RunResult run(Scenario scenario, String mode, CustomPlan plan, long seed) {
        return scenario.run(RunSpec.custom(scenario.name(), mode, plan, seed), Trace.digestOnly());
    }
}
