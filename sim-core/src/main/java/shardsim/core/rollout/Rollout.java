package shardsim.core.rollout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.FaultWindow;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * One seed's rollout: the seed's own plan (faults and workload of {@code base}, all nodes
 * starting on {@code from}) plus the order's upgrades and downgrades, as a plan given as data, so
 * a failing rollout replays from a plan file and shrinks like any other plan.
 *
 * <p>Times come from the seed's fork {@value #FORK}, the same draws for every order (so orders
 * compare on equal terms): the first step falls in the first third of the run's fault window,
 * and each gap is uniform in [1 µs, (window end - first step) / batches], so the rollout ends
 * inside the window and the quiet tail judges the state it leaves. A node the plan has down at
 * its step (after a crash the plan scripts, before the restart it scripts) is restarted on the
 * new code 1 µs after that restart, as an operator would once it is back; if the plan never
 * restarts it, its step is skipped (counted in {@link #skipped}).
 *
 * @param order the order
 * @param spec the run: mode {@code from}, the plan with the rollout in it
 * @param firstStepMicros when the first node changes code
 * @param lastStepMicros when the last one does
 * @param skipped steps skipped because the plan keeps their node down for good
 */
public record Rollout(Order order, RunSpec spec, long firstStepMicros, long lastStepMicros, int skipped) {
    /** The fork of the seed's randomness the rollout's times come from. */
    public static final String FORK = "upgrades";

    /** When a run of the rollout first broke an invariant the fix claims. */
    public enum Window {
        /** On the old code everywhere, before the first step. */
        BEFORE("before"),
        /** From the first step to the last. */
        MIXED("mixed"),
        /** From the last step on (all new code; all old again for a rollback). */
        AFTER("after");

        private final String label;

        Window(String label) {
            this.label = label;
        }

        /** The window's name, as output shows it. */
        public String label() {
            return label;
        }
    }

    /**
     * The rollout of {@code order} from {@code from} to {@code to} over the seed's plan of
     * {@code base} (a built-in plan drawn from the seed, or any plan {@link Scenario#planOf} gives).
     *
     * @throws IllegalArgumentException if the scenario does not say its fault window or cannot give its plan as data, or if
     *     the order restarts a node of a role that cannot be rolled ({@link Scenario#unrollableRoles})
     */
    public static Rollout of(Scenario scenario, String base, String from, String to, Order order, long seed) {
        RunSpec plain = RunRequest.builtIn(scenario, base).spec(from, seed);
        java.util.Map<String, String> unrollable = scenario.unrollableRoles(plain);
        java.util.Map<String, List<String>> roles = scenario.worldRoles(plain);
        for (Order.Batch b : order.batches()) {
            for (String node : b.nodes()) {
                for (java.util.Map.Entry<String, String> u : unrollable.entrySet()) {
                    if (roles.getOrDefault(u.getKey(), List.of()).contains(node)) {
                        throw new IllegalArgumentException(
                                "order " + order.name() + " restarts " + node + ": " + u.getValue());
                    }
                }
            }
        }
        CustomPlan plan = scenario.planOf(plain);
        FaultWindow window = scenario.faultWindow(plain)
                .orElseThrow(() -> new IllegalArgumentException(scenario.name()
                        + " does not say when its faults fall (Scenario.faultWindow), so no rollout can be placed"));
        return place(scenario.name(), plan, window, from, to, order, seed);
    }

    /** The rollout over {@code plan} (its faults kept, the steps merged in) inside {@code window}. */
    static Rollout place(
            String scenario, CustomPlan plan, FaultWindow window, String from, String to, Order order, long seed) {
        SimRandom r = new SimRandom(seed).fork(FORK);
        long span = window.toMicros() - window.fromMicros();
        long t = window.fromMicros() + r.nextLong(Math.max(1, span / 3));
        long gapMax = Math.max(1, (window.toMicros() - t) / order.batches().size());
        FaultPlan.Builder steps = FaultPlan.builder();
        Map<String, Long> lastOfNode = new TreeMap<>();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        int skipped = 0;
        boolean firstBatch = true;
        for (Order.Batch batch : order.batches()) {
            if (!firstBatch) {
                t += r.between(1, gapMax);
            }
            firstBatch = false;
            for (String node : batch.nodes()) {
                long at = Math.max(t, lastOfNode.getOrDefault(node, -1L) + 1);
                long up = upFrom(plan.faults(), node, at);
                if (up < 0) {
                    skipped++;
                    continue;
                }
                Fault step = batch.upgrade() ? new NodeFault.Upgrade(node, to) : new NodeFault.Downgrade(node, from);
                steps.at(up, step);
                lastOfNode.put(node, up);
                first = Math.min(first, up);
                last = Math.max(last, up);
            }
        }
        if (first == Long.MAX_VALUE) {
            first = t;
            last = t;
        }
        String source = scenario + "-" + order.name() + "-seed-" + seed + ".json";
        CustomPlan withSteps = plan.withSource(source).withFaults(plan.faults().merge(steps.build()));
        // Built directly, not through RunRequest: placing steps is a function of a plan the scenario
        // already gave (planOf of a requested spec, in of), testable without a scenario.
        return new Rollout(order, RunSpec.custom(scenario, from, withSteps, seed), first, last, skipped);
    }

    /**
     * The first time at or after {@code at} when the plan has {@code node} up (a crash it scripts at
     * or before a time counts as down then), 1 µs after the restart that brings it back; -1 if it
     * stays down.
     */
    static long upFrom(FaultPlan faults, String node, long at) {
        boolean down = false;
        long restartedAt = -1;
        List<TimedFault> later = new ArrayList<>();
        for (TimedFault f : faults.faults()) {
            if (f.atMicros() > at) {
                later.add(f);
                continue;
            }
            if (f.fault() instanceof NodeFault.Crash c && c.node().equals(node)) {
                down = true;
            } else if (f.fault() instanceof NodeFault.Restart rs && rs.node().equals(node)) {
                down = false;
            }
        }
        if (!down) {
            // Not down now, unless a crash of it falls at this very microsecond after the step.
            return at;
        }
        for (TimedFault f : later) {
            if (f.fault() instanceof NodeFault.Restart rs && rs.node().equals(node)) {
                restartedAt = f.atMicros();
                break;
            }
        }
        return restartedAt < 0 ? -1 : upFrom(faults, node, restartedAt + 1);
    }

    /** Runs the rollout. */
    public RunResult run(Scenario scenario) {
        return scenario.run(spec);
    }
}
