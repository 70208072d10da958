package shardsim.core.scenario;

import java.util.List;
import java.util.Map;
import shardsim.core.check.Rule;
import shardsim.core.check.Violation;
import shardsim.core.coverage.Coverage;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;

/**
 * The outcome of one run.
 *
 * @param spec what ran
 * @param ok whether every check held
 * @param digest the trace digest, the run's fingerprint
 * @param traceEvents how many trace events the run recorded
 * @param events how many scheduled events the loop handled
 * @param messages how many messages were delivered
 * @param virtualMicros the virtual time at the end
 * @param violations what broke, in the order found
 * @param params every parameter of the run, drawn from the seed or fixed, in the order set
 * @param metrics the scenario's latency samples in virtual time, by name
 * @param lastEvents the last trace events kept (empty for digest-only runs)
 * @param coverage the abstract states and transitions the run reached ({@link Coverage#NONE} when
 *     the scenario declares no abstraction)
 * @param probes how often the run hit each code probe, by name (absent when never hit)
 */
public record RunResult(
        RunSpec spec,
        boolean ok,
        long digest,
        long traceEvents,
        long events,
        long messages,
        long virtualMicros,
        List<Violation> violations,
        Map<String, String> params,
        Map<String, long[]> metrics,
        List<TraceEvent> lastEvents,
        Coverage coverage,
        Map<String, Long> probes) {

    /** A result without coverage. */
    public RunResult(
            RunSpec spec,
            boolean ok,
            long digest,
            long traceEvents,
            long events,
            long messages,
            long virtualMicros,
            List<Violation> violations,
            Map<String, String> params,
            Map<String, long[]> metrics,
            List<TraceEvent> lastEvents) {
        this(
                spec,
                ok,
                digest,
                traceEvents,
                events,
                messages,
                virtualMicros,
                violations,
                params,
                metrics,
                lastEvents,
                Coverage.NONE,
                java.util.Collections.emptyMap());
    }

    /** How many trace events a violation report shows before the end. */
    public static final int LAST_EVENTS = 40;

    /** Collects the result of a finished simulation. */
    public static RunResult of(RunSpec spec, Simulation sim) {
        Trace trace = sim.record().trace();
        return new RunResult(
                spec,
                sim.checks().ok(),
                trace.digest(),
                trace.count(),
                sim.eventNumber(),
                sim.network().delivered(),
                sim.now(),
                List.copyOf(sim.checks().violations()),
                // Insertion order, not Map.copyOf: an immutable Map's iteration order changes from JVM to JVM.
                java.util.Collections.unmodifiableMap(
                        new java.util.LinkedHashMap<>(sim.record().params())),
                sim.record().metrics().samples(),
                trace.last(LAST_EVENTS),
                sim.checks().coverage(),
                sim.record().probes().counts());
    }

    /**
     * True when every violation is of one of {@code gaps}.
     *
     * @deprecated gaps are per mode: {@code Verdict.of(scenario, result).claimsHold()}
     */
    @Deprecated
    public boolean holdsApartFrom(List<Rule> gaps) {
        for (Violation v : violations) {
            if (gaps.stream().noneMatch(g -> g.name().equals(v.invariant()))) {
                return false;
            }
        }
        return true;
    }

    /** The digest as 16 hex digits, as every command prints it. */
    public String digestHex() {
        return Trace.hex(digest);
    }
}
