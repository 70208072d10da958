package shardsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.Launcher;
import shardsim.cli.base.UserError;
import shardsim.cli.explain.CurvePoint;
import shardsim.cli.explain.ExplainJson;
import shardsim.cli.explain.ExplainParams;
import shardsim.cli.explain.ExplainText;
import shardsim.cli.explain.Explainer;
import shardsim.cli.explain.Explanation;
import shardsim.cli.explain.Original;
import shardsim.cli.explain.Points;
import shardsim.cli.explain.TraceInput;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.Json;
import shardsim.cli.options.GapsOption;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.options.SeedOption;
import shardsim.cli.options.Target;
import shardsim.cli.options.ThreadsOption;
import shardsim.cli.report.ExplainPage;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ShellWords;
import shardsim.core.trace.Micros;

/**
 * {@code sim explain}: when a failing run's failure became inevitable. Estimates, at points of the
 * run, the fraction of re-randomised continuations that still break the same invariant, and names
 * the point of no return and the events just before it.
 */
@Command(
        name = "explain",
        description =
                "Estimate when a failing run's failure became inevitable: replay it exactly up to points of the run, continue K times with every random stream re-seeded (the plan kept), and report the fraction that still fail, the point of no return (95%%) and the last point below 50%%.")
public final class ExplainCommand implements Callable<Integer> {
    private static final int MAX_K = 100_000;
    private static final int MAX_POINTS = 10_000;

    private final CliContext ctx;

    @Mixin
    GapsOption gaps;

    @Mixin
    Target target;

    @Mixin
    SeedOption seed;

    @Option(
            names = "--k",
            paramLabel = "K",
            defaultValue = "" + ExplainParams.DEFAULT_K,
            description = "Continuations per point (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(
            names = "--points",
            paramLabel = "N",
            defaultValue = "" + ExplainParams.DEFAULT_COARSE,
            description =
                    "Points of the coarse grid, by event number from 0 to the violation (default: ${DEFAULT-VALUE}).")
    int coarse;

    @Option(
            names = "--max-points",
            paramLabel = "N",
            defaultValue = "" + ExplainParams.DEFAULT_MAX_POINTS,
            description = "Most points in all, bisection included (default: ${DEFAULT-VALUE}).")
    int maxPoints;

    @Option(
            names = "--at",
            paramLabel = "POINT",
            split = ",",
            description =
                    "Evaluate only these points: an event number (1234) or a virtual time (77.8s, 500ms, 20us), comma-separated.")
    List<String> at;

    @Option(
            names = "--from-trace",
            paramLabel = "FILE",
            description =
                    "Explain the run this trace records (written by 'sim run --trace'): its mode, plan and seed; the run must replay to the trace's digest.")
    Path fromTrace;

    @Spec
    CommandSpec commandSpec;

    @Option(
            names = "--invariant",
            paramLabel = "NAME",
            description =
                    "The invariant whose failure is explained (default: the first claim the run breaks; with --fail-on-gaps, else its first known gap).")
    String invariant;

    @Mixin
    ThreadsOption threads;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "Write a page with the curve over virtual time and the run's space-time diagram.")
    Path html;

    @Option(names = "--force", description = "Overwrite an --html file that exists.")
    boolean force;

    @Mixin
    JsonOption json;

    @Option(
            names = "--jitter",
            description =
                    "Explain the run's plan with its link delays jittered (uniform from " + JITTER_MIN_MICROS + " to "
                            + JITTER_MAX_MICROS
                            + " µs, nothing lost), its faults and operations kept: for a failure the plan scripts, which timings matter.")
    boolean jitter;

    /** The jittered link's delays (as the reports' explain section uses). */
    static final long JITTER_MIN_MICROS = 50;

    static final long JITTER_MAX_MICROS = 2_000;

    public ExplainCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        Scenario scenario = target.scenario(ctx.registry());
        TraceInput recorded = null;
        if (fromTrace != null) {
            for (String given : List.of("--mode", "--plan", "--seed")) {
                if (commandSpec.commandLine().getParseResult().hasMatchedOption(given)) {
                    throw new UserError("--from-trace gives the mode, plan and seed of the run; " + given
                            + " cannot be given with it");
                }
            }
            recorded = TraceInput.read(fromTrace, scenario);
        }
        PlanChoice choice = recorded != null ? null : target.plan().choose(scenario, Plans.DOCUMENTED);
        String m = recorded != null ? recorded.spec().mode() : target.mode(scenario);
        long n = recorded != null ? recorded.spec().seed() : seed.of(choice);
        if (k < 1 || k > MAX_K) {
            throw new UserError("--k must be between 1 and " + MAX_K + ", got " + k);
        }
        if (coarse < 1 || coarse > MAX_POINTS) {
            throw new UserError("--points must be between 1 and " + MAX_POINTS + ", got " + coarse);
        }
        if (maxPoints < coarse || maxPoints > MAX_POINTS) {
            throw new UserError(
                    "--max-points must be between --points (" + coarse + ") and " + MAX_POINTS + ", got " + maxPoints);
        }
        if (invariant != null && !scenario.invariantNames().contains(invariant)) {
            throw new UserError("unknown invariant '" + invariant + "' for " + scenario.name() + " (its invariants: "
                    + String.join(", ", scenario.invariantNames()) + ")");
        }
        int t = threads.count();
        if (!(scenario instanceof SimulatedScenario<?, ?, ?> simulated)) {
            throw new UserError(
                    "scenario " + scenario.name()
                            + " is not built on the run skeleton (shardsim.core.run.SimulatedScenario), so it cannot be replayed to a point");
        }
        RunFiles.check("sim explain", force, recorded != null ? List.of(fromTrace) : RunFiles.inputs(choice), html);
        RunSpec given = recorded != null ? recorded.spec() : choice.checkedSpec(scenario, m, n);
        String command = command(given);
        if (jitter) {
            if (recorded != null) {
                throw new UserError(
                        "--jitter explains a run's plan with other link delays; --from-trace explains the recorded run as it was");
            }
            shardsim.core.scenario.CustomPlan plan = scenario.planOf(given)
                    .withSource(given.plan() + "-jittered")
                    .withLink(new shardsim.core.net.LinkPolicy(
                            0,
                            0,
                            new shardsim.core.net.Delay.Uniform(JITTER_MIN_MICROS, JITTER_MAX_MICROS),
                            shardsim.core.net.LinkPolicy.DEFAULT_CAPACITY));
            given = RunSpec.custom(given.scenario(), given.mode(), plan, given.seed())
                    .withNodeModes(given.nodeModes());
        }
        ExplainParams params = new ExplainParams(k, coarse, maxPoints, ExplainParams.DEFAULT_JUMP);
        if (recorded != null) {
            // Event by event, as sim replay checks: a trace whose events were edited and re-sealed
            // is not the run this sim explains, whatever digest its header carries.
            shardsim.core.trace.Trace full = shardsim.core.trace.Trace.full();
            String replayed = simulated.run(given, full).digestHex();
            java.util.Optional<shardsim.core.trace.TraceDiff.Difference> diff =
                    shardsim.core.trace.TraceDiff.firstDifference(recorded.events(), full.events());
            if (diff.isPresent() || !replayed.equals(recorded.digest())) {
                String first = diff.map(d -> d.describe().lines().findFirst().orElse(""))
                        .orElse("every event matches but the digest differs: recorded " + recorded.digest()
                                + ", replayed " + replayed);
                ctx.err()
                        .println("sim explain: the trace " + fromTrace + " is not the run this sim replays: "
                                + shardsim.cli.io.Text.oneLine(first) + " (sim replay " + fromTrace
                                + " shows both sides)");
                return ExitCodes.NONDETERMINISM;
            }
        }
        try (OnSignal signal = new OnSignal("explain");
                AtomicOutput page = html == null ? null : AtomicOutput.create(html)) {
            RunSpec spec = Explainer.runnable(simulated, given);
            Original original;
            try {
                original = Explainer.original(simulated, spec, invariant, gaps.on());
            } catch (IllegalArgumentException e) {
                throw new UserError(
                        scenario.name() + " " + m + " " + given.plan() + " seed " + n + ": " + e.getMessage());
            }
            List<Long> points = at == null ? null : Points.of(at, simulated, original);
            String pointsText = points != null
                    ? "as given: " + points
                    : coarse + " evenly by event number over 0.."
                            + Math.max(0, original.violation().eventNumber() - 1)
                            + ", then bisection where the fraction jumps by " + ExplainParams.DEFAULT_JUMP
                            + " or more or crosses a threshold, at most " + maxPoints + " in all";
            if (!json.on()) {
                ExplainText.parameters(ctx.out(), original, params, t, pointsText);
                if (spec != given) {
                    ctx.out()
                            .println(
                                    "note: plan " + given.plan()
                                            + " aims faults as the run goes; explained as data, the "
                                            + spec.custom().faults().size()
                                            + " faults of the original run kept at their times, none aimed in the continuations");
                }
            }
            long t0 = System.nanoTime();
            Explanation x;
            ExecutorService pool = Executors.newFixedThreadPool(t);
            try {
                int[] measured = {0};
                Explainer.Progress progress = (c, runs) -> {
                    ctx.err().println(progressLine(c, runs, t0));
                    measured[0]++;
                    if (signal.signalled()) {
                        throw new Stopped(measured[0]);
                    }
                };
                x = points != null
                        ? Explainer.at(simulated, original, params, points, pool, progress)
                        : Explainer.search(simulated, original, params, pool, progress);
            } catch (Stopped s) {
                // No curve from part of its points: the points measured are the progress lines above.
                ctx.err()
                        .println(
                                "sim explain: interrupted after " + s.points + " curve point(s)"
                                        + (points != null ? " of " + points.size() : "")
                                        + "; no curve and no decisive events are given (the points measured are the lines above)");
                ctx.err().flush();
                return ExitCodes.INTERRUPTED;
            } finally {
                pool.shutdownNow();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (json.on()) {
                var o = ExplainJson.of(x, t, command);
                o.put("seconds", Math.round(seconds * 1000) / 1000.0);
                ctx.out().println(Json.line(o));
            } else {
                ExplainText.body(ctx.out(), x, command, jitter || recorded != null ? null : command + " --jitter");
                ctx.out().printf("%.1f s on %d thread%s%n", seconds, t, t == 1 ? "" : "s");
            }
            if (page != null) {
                page.writer().write(ExplainPage.page(x, command));
                page.commit();
                if (!json.on()) {
                    ctx.out().println("page written to " + html);
                }
            }
        }
        return ExitCodes.OK;
    }

    /** A signal stopped the search between two curve points. */
    private static final class Stopped extends RuntimeException {
        final int points;

        Stopped(int points) {
            super("interrupted", null, false, false);
            this.points = points;
        }
    }

    private static String progressLine(CurvePoint c, long runs, long t0) {
        return String.format(
                Locale.ROOT,
                "explain: event %d (t=%s): %d/%d fail; %d continuations, %.1f s",
                c.event(),
                Micros.format(c.timeMicros()),
                c.failing(),
                c.k(),
                runs,
                (System.nanoTime() - t0) / 1e9);
    }

    private String command(RunSpec spec) {
        List<String> words = new ArrayList<>(
                fromTrace != null
                        ? List.of("sim", "explain", spec.scenario(), "--from-trace", fromTrace.toString())
                        : List.of(
                                "sim",
                                "explain",
                                spec.scenario(),
                                "--mode",
                                spec.mode(),
                                "--plan",
                                spec.plan(),
                                "--seed",
                                Long.toString(spec.seed())));
        if (k != ExplainParams.DEFAULT_K) {
            words.addAll(List.of("--k", Integer.toString(k)));
        }
        if (coarse != ExplainParams.DEFAULT_COARSE) {
            words.addAll(List.of("--points", Integer.toString(coarse)));
        }
        if (maxPoints != ExplainParams.DEFAULT_MAX_POINTS) {
            words.addAll(List.of("--max-points", Integer.toString(maxPoints)));
        }
        if (at != null) {
            words.addAll(List.of("--at", String.join(",", at)));
        }
        if (invariant != null) {
            words.addAll(List.of("--invariant", invariant));
        }
        if (jitter) {
            words.add("--jitter");
        }
        return Launcher.prefix() + ShellWords.join(words.toArray(String[]::new));
    }
}
