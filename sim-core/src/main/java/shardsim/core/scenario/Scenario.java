package shardsim.core.scenario;

import java.util.List;
import shardsim.core.check.Rule;
import shardsim.core.trace.Trace;

/**
 * A modelled system and the failure it replays, runnable in each of its modes under each of its
 * plans. Implementations are stateless: every {@link #run} builds a fresh simulation, so runs can
 * go on different threads at once.
 */
public interface Scenario {
    /** The scenario's name, as every command takes it (kebab case, unique among the scenarios a command line knows). */
    String name();

    /** One line: what goes wrong. */
    String description();

    /**
     * What reports show of the scenario besides what they measure (its bug in words, upstream
     * report, fidelity table, log alignment, notes), kept apart from what runs. Empty, the default:
     * the scenario is run and reported all the same, with its {@link #description()}.
     */
    default java.util.Optional<ScenarioPresentation> presentation() {
        return java.util.Optional.empty();
    }

    /** The modes, the first being the default ("buggy", "fixed", and any ablations). */
    List<String> modes();

    /** The built-in plans: "documented", "random", "swarm". */
    List<String> plans();

    /** The invariants the scenario checks, each declared once (its checks raise violations under these names). */
    List<Rule> invariants();

    /** The invariants' names, in order. */
    default List<String> invariantNames() {
        List<String> out = new java.util.ArrayList<>();
        for (Rule inv : invariants()) {
            out.add(inv.name());
        }
        return List.copyOf(out);
    }

    /**
     * The fault kinds this scenario defines (records implementing {@link shardsim.core.fault.Fault}),
     * besides the kernel's, so plan files can name them. A plan file names a kind by its simple
     * class name in kebab case ({@code SlowReport} is {@code slow-report}). List a lasting kind
     * ({@link shardsim.core.fault.LastingFault}) alone: its end, {@code slow-report-end}, is the
     * kernel's {@link shardsim.core.fault.End} and comes with it.
     */
    default List<Class<? extends shardsim.core.fault.Fault>> faultKinds() {
        return List.of();
    }

    /**
     * The operation kinds of this scenario's workload (records implementing
     * {@link shardsim.core.workload.Operation}), so plan files can name them.
     */
    default List<Class<? extends shardsim.core.workload.Operation>> operationKinds() {
        return List.of();
    }

    /**
     * The run's plan as data: the faults and workload operations that {@code spec} draws from its
     * seed (or scripts, for {@code documented}), with the link policy it uses and its plan as the
     * base. Running {@code RunSpec.custom(scenario, mode, planOf(spec), seed)} repeats the run:
     * the same events, the same violations. For a custom spec whose workload is drawn, the drawn
     * workload is filled in. This is where a shrinker starts.
     *
     * @throws UnsupportedOperationException if the scenario cannot give its plan as data
     */
    default CustomPlan planOf(RunSpec spec) {
        throw new UnsupportedOperationException("scenario " + name() + " cannot give its plan as data");
    }

    /**
     * The kinds of risky window the scenario's model announces ({@code NodeContext.openWindow}),
     * inside which plan {@code targeted} aims faults; {@code sim list} prints them. Empty when the
     * model announces none.
     */
    default List<String> windowKinds() {
        return List.of();
    }

    /**
     * The code probes ({@code NodeContext.probe}, {@code Simulation.probe}) a fixed-mode sweep of the
     * generated plans is expected to hit: one per fault kind's effect and per kind of work the
     * workload asks for. The mutation test's vacuity guard asks that each is hit in every plan's
     * sweep; {@code sim coverage} lists those a sweep never hit. Empty when the scenario declares none.
     */
    default List<String> probeNames() {
        return List.of();
    }

    /**
     * What each mode says of each invariant, declared once as data: a claim (a break fails the
     * run), a claim the mode is expected to break (the reported bug, an ablation's hole), or a known
     * gap the mode's code leaves open (a finding, shown apart). Default: every mode claims every
     * invariant.
     */
    default shardsim.core.check.ClaimTable claims() {
        return shardsim.core.check.ClaimTable.allClaimed(invariants(), modes());
    }

    /**
     * The invariants some mode leaves open, derived from {@link #claims()}.
     *
     * @deprecated judge a run with {@link Verdict#of}: gaps are per mode
     */
    @Deprecated
    default List<Rule> residualGaps() {
        List<Rule> out = new java.util.ArrayList<>();
        for (Rule r : invariants()) {
            if (isResidualGap(r.name())) {
                out.add(r);
            }
        }
        return List.copyOf(out);
    }

    /**
     * Whether some mode leaves the invariant named {@code invariant} open.
     *
     * @deprecated judge a run with {@link Verdict#of}: gaps are per mode
     */
    @Deprecated
    default boolean isResidualGap(String invariant) {
        for (shardsim.core.check.ModeClaims row : claims().rows()) {
            if (row.isGap(invariant)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The invariants that check the model's own bookkeeping (that the model keeps its catalog,
     * its timers, its moves as the upstream code it follows does) rather than a property the
     * upstream system claims: a violation is a bug of the model, not a finding about the real
     * system, so reports show them apart from the claims. Empty by default.
     */
    default List<Rule> modelChecks() {
        return List.of();
    }

    /** Whether the invariant named {@code invariant} is one of {@link #modelChecks()}. */
    default boolean isModelCheck(String invariant) {
        for (Rule r : modelChecks()) {
            if (r.name().equals(invariant)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The names a plan's faults and operations may use in the world of {@code spec} (its base plan
     * and seed): nodes, and whatever the scenario's own kinds name. {@link PlanValidation} checks
     * a plan given as data against them before it runs. Default: nothing is checked.
     */
    default WorldNames worldNames(RunSpec spec) {
        return WorldNames.unchecked();
    }

    /**
     * The roles of the world of {@code spec} (its base plan and seed): role name to its nodes, in
     * order; every node is in at least one role. A run may give a role or a node its own mode
     * ({@link RunSpec#nodeModes()}), and {@code sim upgrades} derives its rollout orders from the
     * roles. Default: empty, a scenario that does not say (such runs take no node modes).
     */
    default java.util.Map<String, List<String>> worldRoles(RunSpec spec) {
        return java.util.Collections.emptyMap();
    }

    /**
     * The roles of {@link #worldRoles} that a rollout cannot roll, each with one line saying why
     * (for example: its nodes may not crash, and the scenario declares no rule to restart them).
     * {@code sim upgrades} leaves them out of every order and prints the reasons. Default: none.
     */
    default java.util.Map<String, String> unrollableRoles(RunSpec spec) {
        return java.util.Collections.emptyMap();
    }

    /** The roles of {@link #worldRoles} a rollout may roll: all but {@link #unrollableRoles}, in order. */
    default java.util.Map<String, List<String>> rolloutRoles(RunSpec spec) {
        java.util.Map<String, List<String>> out = new java.util.LinkedHashMap<>(worldRoles(spec));
        out.keySet().removeAll(unrollableRoles(spec).keySet());
        return out;
    }

    /**
     * When the generated faults of {@code spec}'s world fall (see {@link FaultWindow}), so that
     * {@code sim upgrades} can place a rollout in it. Empty, the default, when the scenario does not say.
     */
    default java.util.Optional<FaultWindow> faultWindow(RunSpec spec) {
        return java.util.Optional.empty();
    }

    /**
     * When {@code spec}'s run ends, so that a plan's fault or operation after it is refused
     * instead of never firing. Empty, the default, when the scenario does not say.
     */
    default java.util.OptionalLong runEndMicros(RunSpec spec) {
        return java.util.OptionalLong.empty();
    }

    /** Runs one seed; the trace decides how much of the run is kept. */
    RunResult run(RunSpec spec, Trace trace);

    /** Runs one seed keeping only the digest (the cheapest run, for sweeps). */
    default RunResult run(RunSpec spec) {
        return run(spec, Trace.digestOnly());
    }
}
