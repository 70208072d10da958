package shardsim.cli.explain;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import shardsim.cli.base.Parallel;
import shardsim.core.check.Violation;
import shardsim.core.run.Continuation;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Verdict;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;

/**
 * The search. Every continuation is {@link Continuation#run} of the original spec: the prefix
 * replayed through the point, every random stream re-seeded with (seed, point, k), run to its end;
 * it counts as failing when it breaks the invariant explained, wherever.
 *
 * <p>A plan that aims faults at the run as it goes ({@code targeted}, and a {@code swarm} run whose draw aims) is
 * explained as data ({@link SimulatedScenario#planOf}): the faults the original run aimed become
 * scripted faults at their times, so the continuations keep them and aim none of their own.
 */
public final class Explainer {
    /** The most trace events named as the decisive ones. */
    public static final int DECISIVE_EVENTS = 12;

    private Explainer() {}

    /** Told after each point is evaluated. */
    @FunctionalInterface
    public interface Progress {
        void point(CurvePoint point, long runsSoFar);
    }

    /** The spec explain runs: {@code spec} itself, or its plan as data when the plan aims faults. */
    public static RunSpec runnable(SimulatedScenario<?, ?, ?> scenario, RunSpec spec) {
        if (!scenario.aimsFaultsFor(spec)) {
            return spec;
        }
        CustomPlan data = scenario.planOf(spec).withSource(spec.plan() + " (as data)");
        return RunSpec.custom(spec.scenario(), spec.mode(), data, spec.seed());
    }

    /** {@link #original(SimulatedScenario, RunSpec, String, boolean)} where only a broken claim is a failure. */
    public static Original original(SimulatedScenario<?, ?, ?> scenario, RunSpec spec, String invariant) {
        return original(scenario, spec, invariant, false);
    }

    /**
     * Runs {@code spec} with its whole trace and finds its first violation of {@code invariant}
     * (null: of the first claim it breaks, or with {@code failOnGaps} of its first known gap).
     *
     * @throws IllegalArgumentException if the run does not fail, or not that invariant
     */
    public static Original original(
            SimulatedScenario<?, ?, ?> scenario, RunSpec spec, String invariant, boolean failOnGaps) {
        Trace trace = Trace.full();
        RunResult r = scenario.run(spec, trace);
        if (r.violations().isEmpty()) {
            throw new IllegalArgumentException(
                    "the run does not fail (every check held), so there is nothing to explain");
        }
        Verdict verdict = Verdict.of(scenario, r);
        if (invariant == null && !verdict.failed(failOnGaps)) {
            throw new IllegalArgumentException(
                    "the run breaks no claim of " + verdict.claims().mode() + ", only the known gap "
                            + String.join(", ", Verdict.names(verdict.gaps())) + " (not claimed by "
                            + verdict.claims().mode() + "); to explain it add --invariant "
                            + verdict.gaps().get(0).invariant() + " or --fail-on-gaps");
        }
        Violation v = (verdict.broken().isEmpty() ? verdict.gaps() : verdict.broken()).get(0);
        if (invariant != null) {
            v = r.violations().stream()
                    .filter(x -> x.invariant().equals(invariant))
                    .findFirst()
                    .orElse(null);
            if (v == null) {
                throw new IllegalArgumentException("the run does not break " + invariant + " (it breaks "
                        + String.join(
                                ", ",
                                r.violations().stream()
                                        .map(Violation::invariant)
                                        .toList()) + ")");
            }
        }
        return new Original(spec, r, v, trace.events());
    }

    /** Evaluates exactly {@code at} (event numbers, each at most the run's last event). */
    public static Explanation at(
            SimulatedScenario<?, ?, ?> scenario,
            Original o,
            ExplainParams p,
            List<Long> at,
            ExecutorService pool,
            Progress progress) {
        Search s = new Search(scenario, o, p, pool, progress);
        s.evaluate(at);
        return s.explanation();
    }

    /** The coarse grid over event numbers 0 to the violation's event minus one, then bisection. */
    public static Explanation search(
            SimulatedScenario<?, ?, ?> scenario, Original o, ExplainParams p, ExecutorService pool, Progress progress) {
        Search s = new Search(scenario, o, p, pool, progress);
        long last = Math.max(0, o.violation().eventNumber() - 1);
        List<Long> grid = new ArrayList<>();
        for (int i = 0; i < p.coarse(); i++) {
            long point = p.coarse() == 1 ? 0 : Math.round((double) i * last / (p.coarse() - 1));
            if (!grid.contains(point)) {
                grid.add(point);
            }
        }
        s.evaluate(grid);
        while (s.points.size() < p.maxPoints()) {
            Long next = s.nextBisection();
            if (next == null) {
                break;
            }
            s.evaluate(List.of(next));
        }
        return s.explanation();
    }

    private record Outcome(boolean failed, long digest) {}

    private static final class Search {
        private final SimulatedScenario<?, ?, ?> scenario;
        private final Original o;
        private final ExplainParams p;
        private final ExecutorService pool;
        private final Progress progress;
        private final String invariant;
        final TreeMap<Long, CurvePoint> points = new TreeMap<>();
        private long runs;

        Search(
                SimulatedScenario<?, ?, ?> scenario,
                Original o,
                ExplainParams p,
                ExecutorService pool,
                Progress progress) {
            this.scenario = scenario;
            this.o = o;
            this.p = p;
            this.pool = pool;
            this.progress = progress;
            this.invariant = o.violation().invariant();
        }

        void evaluate(List<Long> at) {
            List<Callable<Outcome>> tasks = new ArrayList<>();
            RunSpec spec = o.spec();
            for (long point : at) {
                for (int k = 1; k <= p.k(); k++) {
                    int kk = k;
                    tasks.add(() -> {
                        RunResult r = Continuation.run(scenario, spec, point, kk, Trace.digestOnly());
                        return new Outcome(
                                r.violations().stream()
                                        .anyMatch(v -> v.invariant().equals(invariant)),
                                r.digest());
                    });
                }
            }
            List<Outcome> outcomes = Parallel.all(pool, tasks);
            for (int i = 0; i < at.size(); i++) {
                int failing = 0;
                Set<Long> digests = new HashSet<>();
                for (int k = 0; k < p.k(); k++) {
                    Outcome out = outcomes.get(i * p.k() + k);
                    failing += out.failed() ? 1 : 0;
                    digests.add(out.digest());
                }
                runs += p.k();
                CurvePoint c = new CurvePoint(at.get(i), o.timeOf(at.get(i)), failing, p.k(), digests.size());
                points.put(c.event(), c);
                progress.point(c, runs);
            }
        }

        /** The midpoint of the neighbours to split next: a threshold's crossing first, then the largest jump; null when none is left. */
        Long nextBisection() {
            CurvePoint noReturn = noReturn();
            CurvePoint before = noReturn == null ? null : below(noReturn);
            CurvePoint unlikely = lastUnlikely();
            CurvePoint afterUnlikely = unlikely == null ? null : above(unlikely);
            double best = 0;
            Long pick = null;
            CurvePoint prev = null;
            for (CurvePoint c : points.values()) {
                if (prev != null && c.event() - prev.event() > 1) {
                    double jump = Math.abs(c.fraction() - prev.fraction());
                    boolean boundary = (c == noReturn && prev == before) || (prev == unlikely && c == afterUnlikely);
                    double score = boundary ? 1 + jump : jump >= p.jump() ? jump : 0;
                    if (score > best) {
                        best = score;
                        pick = prev.event() + (c.event() - prev.event()) / 2;
                    }
                }
                prev = c;
            }
            return pick;
        }

        CurvePoint noReturn() {
            CurvePoint found = null;
            for (CurvePoint c : points.descendingMap().values()) {
                if (c.fraction() < ExplainParams.NO_RETURN) {
                    break;
                }
                found = c;
            }
            return found;
        }

        CurvePoint lastUnlikely() {
            for (CurvePoint c : points.descendingMap().values()) {
                if (c.fraction() < ExplainParams.UNLIKELY) {
                    return c;
                }
            }
            return null;
        }

        private CurvePoint below(CurvePoint c) {
            Map.Entry<Long, CurvePoint> e = points.lowerEntry(c.event());
            return e == null ? null : e.getValue();
        }

        private CurvePoint above(CurvePoint c) {
            Map.Entry<Long, CurvePoint> e = points.higherEntry(c.event());
            return e == null ? null : e.getValue();
        }

        Explanation explanation() {
            CurvePoint noReturn = noReturn();
            CurvePoint before = noReturn == null ? null : below(noReturn);
            List<TraceEvent> decisive = noReturn != null && before != null ? between(before, noReturn) : List.of();
            CurvePoint jumpFrom = null;
            CurvePoint jumpTo = null;
            CurvePoint prev = null;
            for (CurvePoint c : points.values()) {
                if (prev != null
                        && c.failing() * prev.k() > prev.failing() * c.k()
                        && (jumpFrom == null
                                || c.fraction() - prev.fraction() > jumpTo.fraction() - jumpFrom.fraction())) {
                    jumpFrom = prev;
                    jumpTo = c;
                }
                prev = c;
            }
            List<TraceEvent> jumpEvents = jumpFrom == null ? List.of() : between(jumpFrom, jumpTo);
            return new Explanation(
                    o,
                    invariant,
                    p,
                    List.copyOf(points.values()),
                    noReturn,
                    before,
                    lastUnlikely(),
                    decisive,
                    jumpFrom,
                    jumpTo,
                    jumpEvents,
                    runs);
        }

        private List<TraceEvent> between(CurvePoint from, CurvePoint to) {
            List<TraceEvent> all = o.events(from.event() + 1, to.event());
            return List.copyOf(all.subList(Math.max(0, all.size() - DECISIVE_EVENTS), all.size()));
        }
    }
}
