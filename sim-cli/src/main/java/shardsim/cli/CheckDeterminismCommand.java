package shardsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.Reproduce;
import shardsim.cli.io.TraceFile;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.options.ProgressOption;
import shardsim.cli.options.SeedsOption;
import shardsim.cli.options.Target;
import shardsim.cli.sweep.Progress;
import shardsim.cli.sweep.ResultFile;
import shardsim.cli.sweep.SeedRange;
import shardsim.core.scenario.DeterminismCheck;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceDiff;

/**
 * {@code sim check-determinism}: every seed twice, in this JVM or (with {@code --fresh-jvm}) once
 * here and once in a new JVM, which catches state that leaks between runs in one process as well
 * as anything that differs between processes (hash seeds, identity hash codes, class init order).
 */
@Command(
        name = "check-determinism",
        description = "Run every seed twice and compare (exit 3 naming the first differing event).")
public final class CheckDeterminismCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    Target target;

    @Mixin
    SeedsOption seeds;

    @Option(names = "--fresh-jvm", description = "Run the second copy of every seed in a separate JVM.")
    boolean freshJvm;

    @Mixin
    ProgressOption progress;

    @Mixin
    shardsim.cli.options.ThreadsOption threads;

    public CheckDeterminismCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        Scenario scenario = target.scenario(ctx.registry());
        String m = target.mode(scenario);
        PlanChoice choice = target.choose(scenario, Plans.RANDOM);
        SeedRange range = seeds.range();
        choice.checkedSpec(scenario, m, range.first());
        threads.count();
        long everySeconds = progress.seconds();
        try (Progress progress =
                new Progress(ctx.err(), ctx.terminal(), range.count(), everySeconds, "check-determinism", "seeds")) {
            return freshJvm
                    ? acrossJvms(scenario, m, choice, range, progress)
                    : inThisJvm(scenario, m, choice, range, progress);
        }
    }

    /** Seeds per task: each task runs its seeds twice, in order, on one thread. */
    private static final int BLOCK = 16;

    private int inThisJvm(Scenario scenario, String m, PlanChoice choice, SeedRange range, Progress progress) {
        String p = choice.name();
        int n = threads.count();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n);
        try {
            // Windows of blocks, judged in seed order: the first difference reported is the smallest seed's, for any
            // thread count.
            long next = range.first();
            boolean exhausted = false;
            while (!exhausted && next <= range.last()) {
                List<java.util.concurrent.Callable<Optional<Object[]>>> tasks = new ArrayList<>();
                long windowSeeds = 0;
                for (int b = 0; b < 4 * n && !exhausted && next <= range.last(); b++) {
                    long from = next;
                    long to = Math.min(range.last(), from + BLOCK - 1);
                    tasks.add(() -> firstDifference(scenario, m, choice, from, to));
                    windowSeeds += to - from + 1;
                    if (to == Long.MAX_VALUE) {
                        exhausted = true;
                        break;
                    }
                    next = to + 1;
                }
                for (Optional<Object[]> found : shardsim.cli.base.Parallel.all(pool, tasks)) {
                    if (found.isPresent()) {
                        return differs((RunSpec) found.get()[0], (TraceDiff.Difference) found.get()[1]);
                    }
                }
                for (long i = 0; i < windowSeeds; i++) {
                    progress.step(true);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        ctx.out()
                .println("deterministic: " + range.count() + " seeds of " + scenario.name() + " mode " + m + " plan "
                        + p + " ran twice in one JVM with identical traces");
        return ExitCodes.OK;
    }

    /** The first seed of {@code from..to} whose two runs differ, with where, or empty. */
    private static Optional<Object[]> firstDifference(
            Scenario scenario, String m, PlanChoice choice, long from, long to) {
        for (long seed = from; seed <= to; seed++) {
            RunSpec spec = choice.spec(scenario, m, seed);
            Optional<TraceDiff.Difference> diff = DeterminismCheck.check(scenario, spec);
            if (diff.isPresent()) {
                return Optional.of(new Object[] {spec, diff.get()});
            }
            if (seed == Long.MAX_VALUE) {
                break;
            }
        }
        return Optional.empty();
    }

    private int acrossJvms(Scenario scenario, String m, PlanChoice choice, SeedRange range, Progress progress)
            throws IOException, InterruptedException {
        String p = choice.name();
        Path dir = Files.createTempDirectory("sim-determinism");
        try {
            Path results = dir.resolve("child.jsonl");
            child(
                    dir,
                    "sweep",
                    scenario.name(),
                    "--mode",
                    m,
                    "--plan",
                    p,
                    "--seeds",
                    range.toString(),
                    "--threads",
                    Integer.toString(threads.count()),
                    "--out",
                    results.toString());
            TreeMap<Long, String> theirs = new TreeMap<>();
            ResultFile.Read read =
                    ResultFile.read(results, (seeds, c) -> seeds.forEach(r -> theirs.put(r.seed(), r.digest())));
            read.tail().forEach(r -> theirs.put(r.seed(), r.digest()));
            for (long seed = range.first(); seed <= range.last(); seed++) {
                RunSpec spec = choice.spec(scenario, m, seed);
                String mine = scenario.run(spec).digestHex();
                String other = theirs.get(seed);
                if (other == null) {
                    throw new IllegalStateException("the child JVM did not report seed " + seed);
                }
                if (!mine.equals(other)) {
                    Path trace = dir.resolve("seed.trace.jsonl");
                    child(
                            dir,
                            "run",
                            scenario.name(),
                            "--mode",
                            m,
                            "--plan",
                            p,
                            "--seed",
                            Long.toString(seed),
                            "--trace",
                            trace.toString(),
                            "--json");
                    Trace here = Trace.full();
                    scenario.run(spec, here);
                    Optional<TraceDiff.Difference> diff = TraceDiff.firstDifference(
                            here.events(), TraceFile.read(trace).events());
                    if (diff.isEmpty()) {
                        ctx.out()
                                .println("NONDETERMINISM: seed " + seed + " digests differ (" + mine + " here, " + other
                                        + " in a fresh JVM) but a rerun matched");
                        return ExitCodes.NONDETERMINISM;
                    }
                    return differs(spec, diff.get());
                }
                progress.step(true);
                if (seed == Long.MAX_VALUE) {
                    break;
                }
            }
            ctx.out()
                    .println("deterministic: " + range.count() + " seeds of " + scenario.name() + " mode " + m
                            + " plan " + p + " gave identical digests here and in a fresh JVM");
            return ExitCodes.OK;
        } finally {
            try (var files = Files.walk(dir)) {
                List<Path> all = new ArrayList<>(files.toList());
                all.sort((a, b) -> b.getNameCount() - a.getNameCount());
                for (Path f : all) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    private int differs(RunSpec spec, TraceDiff.Difference diff) {
        ctx.out().println("NONDETERMINISM: seed " + spec.seed() + " (" + Reproduce.command(spec) + ")");
        diff.describe().lines().forEach(l -> ctx.out().println(shardsim.cli.io.Text.oneLine(l)));
        return ExitCodes.NONDETERMINISM;
    }

    /** Runs {@code sim ARGS} in a new JVM with this JVM's class path, which finds the same scenarios. */
    private void child(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> classPath = new ArrayList<>(List.of(System.getProperty("java.class.path")));
        ctx.registry().classPath().forEach(p -> classPath.add(p.toString()));
        cmd.add("-cp");
        cmd.add(String.join(java.io.File.pathSeparator, classPath));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        Path log = dir.resolve("child.err");
        Process proc = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile())
                .start();
        if (!proc.waitFor(1, TimeUnit.HOURS)) {
            proc.destroyForcibly();
            throw new IllegalStateException("the child JVM did not finish within an hour");
        }
        int code = proc.exitValue();
        if (code != ExitCodes.OK && code != ExitCodes.VIOLATION) {
            throw new IllegalStateException("the child JVM failed with exit " + code + ": "
                    + Files.readString(log, StandardCharsets.UTF_8).strip());
        }
    }
}
