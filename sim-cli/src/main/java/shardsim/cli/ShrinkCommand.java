package shardsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.Launcher;
import shardsim.cli.base.Reproduce;
import shardsim.cli.base.UserError;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.Json;
import shardsim.cli.io.PlanFile;
import shardsim.cli.io.Text;
import shardsim.cli.options.GapsOption;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.options.SeedOption;
import shardsim.cli.options.Target;
import shardsim.cli.options.ThreadsOption;
import shardsim.cli.shrink.ParallelShrink;
import shardsim.cli.verdict.VerdictText;
import shardsim.core.fault.TimedFault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ShellWords;
import shardsim.core.scenario.Verdict;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.core.trace.Micros;
import shardsim.core.trace.Trace;
import shardsim.core.workload.TimedOperation;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sim shrink}: cuts a failing run down to the faults and workload operations it needs.
 * Starts from a seed's plan (built-in plans give theirs as data) or a plan file, and writes the
 * smallest plan that still breaks the same invariant as a plan file {@code sim run} replays.
 */
@Command(
        name = "shrink",
        description =
                "Shrink a failing run to the fewest faults and workload operations that still break the same invariant.")
public final class ShrinkCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    Target target;

    @Mixin
    SeedOption seed;

    @Option(
            names = "--invariant",
            paramLabel = "NAME",
            description = "The invariant to keep failing (default: the first claim the run breaks; "
                    + "with --fail-on-gaps, else its first known gap).")
    String invariant;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Where to write the shrunk plan (default: sim-out/shrink/SCENARIO-PLAN-seed-N-shrunk.json).")
    Path out;

    @Option(
            names = "--max-runs",
            paramLabel = "N",
            defaultValue = "20000",
            description = "Most candidate runs (default: ${DEFAULT-VALUE}).")
    int maxRuns;

    @Option(
            names = "--max-seconds",
            paramLabel = "S",
            defaultValue = "120",
            description = "Most wall-clock seconds (default: ${DEFAULT-VALUE}).")
    double maxSeconds;

    @Mixin
    ThreadsOption threads;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write the shrunk run's full trace as JSON Lines.")
    Path trace;

    @Option(names = "--html", paramLabel = "FILE", description = "Write the shrunk run's space-time diagram as a page.")
    Path html;

    @Option(names = "--force", description = "Overwrite --out, --trace and --html files that exist.")
    boolean force;

    @Mixin
    JsonOption json;

    @Mixin
    GapsOption gaps;

    public ShrinkCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        Scenario scenario = target.scenario(ctx.registry());
        String m = target.mode(scenario);
        PlanChoice choice = target.choose(scenario, Plans.RANDOM);
        long n = seed.of(choice);
        if (maxRuns < 1) {
            throw new UserError("--max-runs must be at least 1, got " + maxRuns);
        }
        if (!(maxSeconds > 0)) {
            throw new UserError("--max-seconds must be positive, got " + maxSeconds);
        }
        int t = threads.count();
        if (invariant != null && !scenario.invariantNames().contains(invariant)) {
            throw new UserError("unknown invariant '" + invariant + "' for " + scenario.name() + " (its invariants: "
                    + String.join(", ", scenario.invariantNames()) + ")");
        }
        Path target = out;
        if (target == null) {
            // Default: sim-out/shrink/NAME, never the working folder's top level (sim-out is ignored by git).
            target = Path.of(UpgradesCommand.DEFAULT_OUT, "shrink", defaultName(scenario, choice, n));
            AtomicOutput.checkFolder(target.getParent().getParent(), "cannot write " + target + ": ");
            AtomicOutput.makeFolder(target.getParent().getParent());
        }
        RunFiles.check("sim shrink", force, RunFiles.inputs(choice), target, trace, html);
        // Opened before the search, so a bad path fails at once and an existing file survives a failed shrink.
        try (AtomicOutput planOut = AtomicOutput.create(target);
                OnSignal signal = new OnSignal("shrink")) {
            return shrink(scenario, m, choice, n, t, target, planOut, signal);
        }
    }

    private int shrink(
            Scenario scenario,
            String m,
            PlanChoice choice,
            long n,
            int t,
            Path target,
            AtomicOutput planOut,
            OnSignal signal)
            throws IOException {
        RunSpec spec = choice.checkedSpec(scenario, m, n);
        CustomPlan start;
        try {
            start = scenario.planOf(spec).withSource(target.toString());
        } catch (UnsupportedOperationException e) {
            throw new UserError(e.getMessage());
        }

        long startNanos = System.nanoTime();
        long deadline = startNanos + (long) (maxSeconds * 1e9);
        ShrinkResult result;
        try {
            result = ParallelShrink.shrink(
                    scenario,
                    m,
                    n,
                    start,
                    invariant != null ? invariant : toKeep(scenario, spec),
                    new ShrinkBudget(maxRuns, () -> signal.signalled() || System.nanoTime() > deadline),
                    t,
                    new ProgressLine());
        } catch (IllegalArgumentException e) {
            throw new UserError(scenario.name() + " " + m + " " + spec.plan() + " seed " + n + ": " + e.getMessage());
        }
        double seconds = (System.nanoTime() - startNanos) / 1e9;

        ObjectNode planJson = PlanFile.toJson(result.shrunk(), scenario.name(), n);
        if (signal.signalled()) {
            // The JVM is stopping: no file is written, the smallest failing plan so far is printed.
            ctx.err()
                    .println("sim shrink: interrupted after " + result.runs()
                            + " runs; no file written. The smallest failing plan so far ("
                            + result.shrunk().faults().size() + " faults, "
                            + result.shrunk().operationCount() + " operations):");
            ctx.out().println(planJson.toPrettyString());
            ctx.out().flush();
            return ExitCodes.INTERRUPTED;
        }
        planOut.writer().write(planJson.toPrettyString());
        planOut.writer().write("\n");
        planOut.commit();
        RunSpec shrunkSpec = RunSpec.custom(scenario.name(), m, result.shrunk(), n);
        RunResult shrunkRun;
        try {
            shrunkRun = trace != null || html != null
                    ? RunFiles.run(scenario, shrunkSpec, Trace.digestOnly(), trace, html)
                    : result.shrunkRun();
        } catch (IOException | java.io.UncheckedIOException e) {
            // The plan is whole and stays; say so with the failure, in one line.
            throw new UserError(
                    shardsim.cli.io.IoFailure.oneLine(e) + " (the shrunk plan is written: " + target + ")", e);
        }
        if (json.on()) {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("scenario", scenario.name());
            o.put("mode", m);
            o.put("plan", spec.plan());
            o.put("seed", n);
            o.put("invariant", result.invariant());
            o.set("before", sizes(result.original(), result.originalRun()));
            o.set("after", sizes(result.shrunk(), shrunkRun));
            o.put("runs", result.runs());
            o.put("minimal", result.minimal());
            o.put("seconds", Math.round(seconds * 1000) / 1000.0);
            o.put("threads", t);
            o.put("planFile", target.toString());
            Json.verdict(o, Verdict.of(scenario, shrunkRun));
            o.put("command", ShellWords.join("sim", "run", scenario.name(), "--mode", m, "--plan", target.toString()));
            o.set("shrunkPlan", planJson);
            ctx.out().println(Json.line(o));
        } else {
            text(scenario, m, spec, result, shrunkRun, target, seconds, t);
        }
        return ExitCodes.OK;
    }

    private void text(
            Scenario scenario,
            String m,
            RunSpec spec,
            ShrinkResult r,
            RunResult shrunkRun,
            Path target,
            double seconds,
            int t) {
        var o = ctx.out();
        o.println("shrink " + scenario.name() + "  mode " + m + "  plan " + spec.plan() + "  seed " + spec.seed());
        o.println("kept failing: " + r.invariant());
        o.printf("%-9s %8s %11s %10s %10s%n", "", "faults", "operations", "messages", "events");
        row("before", r.original(), r.originalRun());
        row("after", r.shrunk(), shrunkRun);
        o.printf(
                "%d runs in %.1f s on %d thread%s; %s%n",
                r.runs(),
                seconds,
                t,
                t == 1 ? "" : "s",
                r.minimal()
                        ? "minimal: removing any one fault (with its end) or operation makes " + r.invariant() + " hold"
                        : "a budget ran out: this is the smallest plan found so far, not known to be minimal");
        o.println("link: " + linkText(r.shrunk().link())
                + (r.shrunk().link().equals(r.original().link())
                        ? ""
                        : " (calmer than the original " + linkText(r.original().link()) + ")"));
        o.println("faults:" + (r.shrunk().faults().size() == 0 ? " none" : ""));
        for (TimedFault f : r.shrunk().faults().faults()) {
            o.println("  t=" + Micros.format(f.atMicros()) + "  "
                    + Text.oneLine(f.fault().toString()));
        }
        o.println("operations:" + (r.shrunk().operationCount() == 0 ? " none" : ""));
        for (TimedOperation op : r.shrunk().workload().operations()) {
            o.println("  t=" + Micros.format(op.atMicros()) + "  "
                    + Text.oneLine(op.operation().toString()));
        }
        Verdict verdict = Verdict.of(scenario, shrunkRun);
        o.println("the shrunk run: " + VerdictText.headline(verdict));
        VerdictText.details(o, verdict);
        o.println("shrunk plan written to " + target);
        if (trace != null) {
            o.println("trace written to " + trace + " (" + shrunkRun.traceEvents() + " events)");
        }
        if (html != null) {
            o.println("diagram written to " + html);
        }
        o.println("reproduce: " + Launcher.prefix()
                + ShellWords.join("sim", "run", scenario.name(), "--mode", m, "--plan", target.toString()));
    }

    /**
     * The invariant to keep failing when none is named: the run's first broken claim; its first known
     * gap only for someone tracking gaps. A run that shows only gaps is refused in one line, since
     * nothing it claims failed.
     */
    private String toKeep(Scenario scenario, RunSpec spec) {
        Verdict v = Verdict.of(scenario, scenario.run(spec));
        if (!v.broken().isEmpty()) {
            return v.broken().get(0).invariant();
        }
        if (v.gaps().isEmpty()) {
            return null;
        }
        String gap = v.gaps().get(0).invariant();
        if (gaps.on()) {
            return gap;
        }
        throw new UserError(
                Reproduce.command(spec) + " breaks no claim of " + v.claims().mode() + ", only the known gap "
                        + String.join(", ", Verdict.names(v.gaps())) + " (not claimed by "
                        + v.claims().mode() + "); to shrink it anyway add --invariant " + gap + " or --fail-on-gaps");
    }

    static String linkText(shardsim.core.net.LinkPolicy l) {
        return "loss " + l.lossProbability() + ", duplication " + l.duplicateProbability() + ", delay " + l.delay();
    }

    private void row(String label, CustomPlan p, RunResult r) {
        ctx.out()
                .printf(
                        "%-9s %8d %11d %10d %10d%n",
                        label, p.faults().size(), p.operationCount(), r.messages(), r.events());
    }

    private static ObjectNode sizes(CustomPlan p, RunResult r) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("faults", p.faults().size());
        o.put("operations", p.operationCount());
        o.put("messages", r.messages());
        o.put("events", r.events());
        o.put("digest", r.digestHex());
        return o;
    }

    private static String defaultName(Scenario scenario, PlanChoice choice, long seed) {
        String plan = choice.custom() == null ? choice.name() : stem(choice.name());
        return scenario.name() + "-" + plan + "-seed-" + seed + "-shrunk.json";
    }

    private static String stem(String file) {
        String name = Path.of(file).getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }

    /** Progress on stderr: one line whenever the smallest failing plan found shrinks. */
    private final class ProgressLine implements shardsim.core.shrink.Shrinker.Progress {
        private int faults = -1;
        private int operations = -1;

        @Override
        public void update(int runs, int f, int ops) {
            if (f != faults || ops != operations) {
                faults = f;
                operations = ops;
                ctx.err()
                        .println("shrink: " + runs + " runs, smallest failing plan so far: " + f + " faults, " + ops
                                + " operations");
            }
        }
    }
}
