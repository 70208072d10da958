package shardsim.core.explore;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import shardsim.core.coverage.CoverageTally;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanValidation;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * Guided exploration of one scenario and mode (see the package comment).
 *
 * <pre>
 * ExploreResult r = new Explorer(ExploreConfig.of(scenario, "fixed", "random", 0, 1_000).stoppingAtFirstFailure())
 *         .explore(Explorer.serial(scenario), Explorer.Listener.NONE, () -&gt; false);
 * r.foundFailure(); r.firstFailureRun();
 * </pre>
 *
 * <p>Run {@code i} (from 1) of the first batch, and every later candidate drawn fresh, is the plan
 * of the next seed of the built-in plan as data: seeds {@code seed}, {@code seed + 1}, ... in
 * order, so an exploration whose every candidate is fresh ({@link ExploreLimits#freshPerMille}
 * 1000) is a sweep of those seeds. The rest are mutants of kept plans. One explorer explores once.
 */
public final class Explorer {
    /** Runs a batch of candidates, possibly in parallel; the outcomes in the order of the specs. */
    @FunctionalInterface
    public interface Runner {
        List<Outcome> run(List<RunSpec> specs);
    }

    /** Told of each run as it is merged, in run order (the command line's progress). */
    @FunctionalInterface
    public interface Listener {
        Listener NONE = (run, outcome, failing, fresh) -> {};

        /**
         * @param run the run's number
         * @param failing whether it broke an invariant that is not a residual gap, or threw
         * @param fresh how many states and transitions it reached first
         */
        void merged(int run, Outcome outcome, boolean failing, int fresh);

        /** A failure of a kind not seen before, told as soon as it is found (so it is kept even if the search is stopped). */
        default void found(Finding finding) {}
    }

    /** A candidate about to run: its plan, the seed whose world it runs in, and how it was made. */
    private record Candidate(CustomPlan plan, long seed, String origin, List<Mutation> applied) {
        boolean fresh() {
            return applied.isEmpty();
        }
    }

    /** Attempts at a valid mutant before a fresh plan is taken instead. */
    private static final int ATTEMPTS = 8;

    private final ExploreConfig config;
    private final Scenario scenario;
    private final SimRandom random;
    private final Pool pool = new Pool();
    private final Corpus corpus;
    private final Worlds worlds;
    private final Mutator mutator;
    private final CoverageTally tally = new CoverageTally();
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    private final List<ExploreResult.Growth> growth = new ArrayList<>();
    private final double[] mutationWeights = Mutation.weights();
    /** Per mutation: candidates it went into, and how many of those reached something new. */
    private final Map<String, long[]> mutationStats = new LinkedHashMap<>();

    private long nextFresh;
    private int runs;
    private int freshRuns;
    private long failingRuns;
    private int firstFailureRun;
    private boolean used;

    public Explorer(ExploreConfig config) {
        this.config = config;
        this.scenario = config.scenario();
        this.random = new SimRandom(config.seed()).fork("explore");
        this.corpus = new Corpus(config.limits().maxCorpus());
        this.worlds = new Worlds(scenario, config.mode(), config.plan());
        this.mutator = new Mutator(random.fork("mutate"), pool, worlds, config.limits());
        this.nextFresh = config.seed();
        for (Mutation m : Mutation.values()) {
            mutationStats.put(m.label, new long[2]);
        }
    }

    /** Runs each spec in turn on this thread. */
    public static Runner serial(Scenario scenario) {
        return specs -> {
            List<Outcome> out = new ArrayList<>();
            for (RunSpec s : specs) {
                out.add(Outcome.of(scenario, s));
            }
            return out;
        };
    }

    /**
     * Whether exploring {@code runs} runs of {@code mode} from {@code seed} (fresh plans from
     * {@code plan}) finds a run that breaks an invariant other than a residual gap, or throws;
     * stops at the first. For comparisons with a sweep of as many seeds.
     */
    public static ExploreResult firstFailure(Scenario scenario, String mode, String plan, long seed, int runs) {
        return new Explorer(ExploreConfig.of(scenario, mode, plan, seed, runs).stoppingAtFirstFailure())
                .explore(serial(scenario), Listener.NONE, () -> false);
    }

    /**
     * Explores until the budget of runs is spent, {@code stop} says so (asked before each batch),
     * or, if the config says, the first failure.
     */
    public ExploreResult explore(Runner runner, Listener listener, BooleanSupplier stop) {
        if (used) {
            throw new IllegalStateException("an explorer explores once");
        }
        used = true;
        boolean stopped = false;
        boolean done = false;
        while (runs < config.runs() && !done) {
            if (stop.getAsBoolean()) {
                stopped = true;
                break;
            }
            int n = Math.min(config.limits().batch(), config.runs() - runs);
            corpus.reweigh(tally);
            List<Candidate> batch = new ArrayList<>();
            List<RunSpec> specs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Candidate c = candidate(runs + i + 1);
                batch.add(c);
                specs.add(RunRequest.custom(scenario, c.plan()).spec(config.mode(), c.seed()));
            }
            List<Outcome> outcomes = runner.run(specs);
            if (outcomes.size() != n) {
                throw new IllegalStateException(
                        "runner returned " + outcomes.size() + " outcomes for " + n + " candidates");
            }
            for (int i = 0; i < n; i++) {
                boolean failing = merge(batch.get(i), outcomes.get(i), listener);
                if (failing && config.stopAtFirstFailure()) {
                    done = true;
                    break;
                }
            }
        }
        return new ExploreResult(
                runs,
                freshRuns,
                corpus.size(),
                tally,
                new ArrayList<>(findings.values()),
                failingRuns,
                firstFailureRun,
                growth,
                mutationUses(),
                stopped);
    }

    private List<ExploreResult.MutationUse> mutationUses() {
        List<ExploreResult.MutationUse> out = new ArrayList<>();
        for (Map.Entry<String, long[]> e : mutationStats.entrySet()) {
            out.add(new ExploreResult.MutationUse(e.getKey(), e.getValue()[0], e.getValue()[1]));
        }
        return out;
    }

    private Candidate candidate(int run) {
        String source = "explore-run-" + run;
        boolean firstBatch = run <= config.limits().batch();
        if (firstBatch
                || corpus.isEmpty()
                || random.nextInt(1_000) < config.limits().freshPerMille()) {
            return fresh(source);
        }
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Corpus.Entry parent = corpus.pick(random);
            Draft d = new Draft(parent.plan, parent.seed);
            Draft donor = null;
            List<Mutation> applied = new ArrayList<>();
            // Half the candidates change one thing, so a step towards something rare is not undone by the next.
            int stack =
                    random.chance(0.5) ? 1 : 1 + random.nextInt(config.limits().maxMutations());
            for (int k = 0; k < stack; k++) {
                Mutation m = Mutation.values()[random.weighted(mutationWeights)];
                if ((m == Mutation.SPLICE || m == Mutation.RESEED) && donor == null) {
                    Corpus.Entry other = corpus.any(random);
                    donor = new Draft(other.plan, other.seed);
                }
                if (mutator.apply(m, d, donor)) {
                    applied.add(m);
                }
            }
            if (applied.isEmpty()) {
                continue;
            }
            mutator.envelope(d);
            CustomPlan plan = d.plan(source);
            if (valid(plan, d.seed)) {
                List<String> labels = new ArrayList<>();
                for (Mutation m : applied) {
                    labels.add(m.label);
                }
                return new Candidate(plan, d.seed, "run " + parent.run + ": " + String.join(", ", labels), applied);
            }
        }
        return fresh(source);
    }

    private Candidate fresh(String source) {
        long seed = nextFresh++;
        RunSpec spec = RunRequest.builtIn(scenario, config.plan()).spec(config.mode(), seed);
        CustomPlan plan = scenario.planOf(spec).withSource(source);
        return new Candidate(plan, seed, config.plan() + " seed " + seed, List.of());
    }

    /** Whether the plan may run in its seed's world: the check {@code sim run --plan} makes before it runs one. */
    private boolean valid(CustomPlan plan, long seed) {
        try {
            PlanValidation.check(plan, worlds.of(seed).names());
            // Mutants stay inside the fault window, so the run's end needs no check here.
            PlanValidation.checkCanFire(plan, java.util.OptionalLong.empty());
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Counts one outcome in; returns whether it failed. */
    private boolean merge(Candidate c, Outcome o, Listener listener) {
        runs++;
        int run = runs;
        if (c.fresh()) {
            freshRuns++;
            pool.add(c.plan(), random);
        }
        RunResult r = o.result();
        int fresh = r == null ? 0 : tally.add(r.coverage());
        EnumSet<Mutation> used = EnumSet.noneOf(Mutation.class);
        used.addAll(c.applied());
        for (Mutation m : used) {
            long[] st = mutationStats.get(m.label);
            st[0]++;
            st[1] += fresh > 0 ? 1 : 0;
        }
        if (fresh > 0) {
            growth.add(new ExploreResult.Growth(run, tally.stateCount(), tally.transitionCount()));
        }
        String signature = signature(o);
        boolean failing = signature != null;
        if (failing) {
            failingRuns++;
            if (firstFailureRun == 0) {
                firstFailureRun = run;
            }
            Finding seen = findings.get(signature);
            if (seen != null) {
                findings.put(signature, seen.counted());
            } else if (findings.size() < config.limits().maxFindingsKept()) {
                Finding f = new Finding(
                        run,
                        signature,
                        c.plan(),
                        c.seed(),
                        r == null ? List.of() : r.violations(),
                        o.error(),
                        c.origin(),
                        1);
                findings.put(signature, f);
                listener.found(f);
            }
        } else if (fresh > 0) {
            // A failing plan is not kept as a parent: its children would mostly find the same failure again.
            corpus.add(new Corpus.Entry(run, c.plan(), c.seed(), r.coverage()), tally);
        }
        listener.merged(run, o, failing, fresh);
        return failing;
    }

    /** What failed, or null: the claimed invariants broken, in order, or the exception's class. */
    private String signature(Outcome o) {
        if (o.threw()) {
            int colon = o.error().indexOf(':');
            return "exception " + (colon < 0 ? o.error() : o.error().substring(0, colon));
        }
        List<String> broken = shardsim.core.scenario.Verdict.names(
                shardsim.core.scenario.Verdict.of(scenario, o.result()).broken());
        return broken.isEmpty() ? null : String.join("+", broken);
    }
}
