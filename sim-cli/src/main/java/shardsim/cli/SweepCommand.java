package shardsim.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.UserError;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.Json;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.options.ProgressOption;
import shardsim.cli.options.SeedsOption;
import shardsim.cli.options.Target;
import shardsim.cli.options.ThreadsOption;
import shardsim.cli.sweep.Progress;
import shardsim.cli.sweep.ResultFile;
import shardsim.cli.sweep.SeedRange;
import shardsim.cli.sweep.SeedResult;
import shardsim.cli.sweep.Shard;
import shardsim.cli.sweep.SweepOf;
import shardsim.cli.sweep.SweepSummary;
import shardsim.cli.io.PlanFile;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.Scenario;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sim sweep}: many seeds on a pool of threads, one simulation per thread at a time. Each
 * seed is its own run, so its result does not depend on the thread count or on which thread ran
 * it; only the order of lines in the result file does.
 */
@Command(name = "sweep", description = "Run a range of seeds in parallel and summarize what broke.")
public final class SweepCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    Target target;

    @Mixin
    SeedsOption seeds;

    @Mixin
    ThreadsOption threads;

    @Option(names = "--shard", paramLabel = "I/N", description = "Run only piece I (from 0) of N of the range, for sweeps split across machines.")
    String shard;

    @Option(names = "--out", paramLabel = "FILE.jsonl", description = "Write one JSON line per finished seed, as it finishes.")
    Path out;

    @Option(names = "--resume", description = "Continue the sweep recorded in --out, skipping the seeds it already holds.")
    boolean resume;

    @Option(names = "--stop-on-first", description = "Stop at the first failing seed (seeds already running still finish).")
    boolean stopOnFirst;

    @Mixin
    JsonOption json;

    @Mixin
    ProgressOption progress;

    private SweepOf sweepOf;
    private long progressSeconds;

    public SweepCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws Exception {
        Scenario scenario = target.scenario(ctx.registry());
        String m = target.mode(scenario);
        PlanChoice choice = target.choose(scenario, Plans.RANDOM);
        String p = choice.name();
        SeedRange range = seeds.range();
        Shard piece = Shard.parse(shard);
        int n = threads.count();
        if (resume && out == null) {
            throw new UserError("--resume needs --out FILE.jsonl (the file of the sweep to continue)");
        }
        progressSeconds = progress.seconds();
        // A plan file's names are checked in the first seed's world before anything is written.
        choice.checkedSpec(scenario, m, range.first());
        sweepOf = new SweepOf(SweepOf.digest(p, choice.custom() != null ? Json.line(PlanFile.toJson(choice.custom(), scenario.name()))
                : choice.nodeModes().isEmpty() ? null : "built-in plan " + p + " node modes " + shardsim.core.scenario.NodeModes.describe(choice.nodeModes())),
                range.toString(), piece.toString());
        if (out != null) {
            AtomicOutput.checkTarget(out, true, RunFiles.inputs(choice));
        }
        SweepSummary summary = new SweepSummary();
        BitSet done = new BitSet();
        boolean created = out != null && !Files.exists(out);
        BufferedWriter writer = out == null ? null : openResults(scenario.name(), m, p, range, piece, summary, done);
        String title = "sweep " + scenario.name() + " mode " + m + " plan " + p + " seeds " + range + (piece.count() > 1 ? " shard " + piece : "");
        Run run = new Run(scenario, m, choice, range, piece, n, summary, done, writer, title);
        try {
            return run.go();
        } finally {
            // A result file this sweep created and never wrote a seed to would only block the rerun.
            if (created && summary.runs() == 0) {
                Files.deleteIfExists(out);
            }
        }
    }

    private BufferedWriter openResults(String scenario, String m, String p, SeedRange range, Shard piece, SweepSummary summary, BitSet done) throws IOException {
        AtomicOutput.checkedFolder(out);
        if (!Files.exists(out)) {
            try {
                return Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw AtomicOutput.cannotWrite(out, e);
            }
        }
        if (!resume) {
            throw new UserError(out + " already exists (add --resume to continue that sweep, or remove the file)");
        }
        ResultFile.Read read = ResultFile.read(out, r -> {
            if (!r.scenario().equals(scenario) || !r.mode().equals(m) || !r.plan().equals(p)) {
                throw new UserError(out + " holds runs of " + r.scenario() + " mode " + r.mode() + " plan " + r.plan() + ", not of " + scenario + " mode " + m + " plan " + p);
            }
            if (!r.sweep().planDigest().equals(sweepOf.planDigest())) {
                throw new UserError(out + " holds runs of another plan with the name " + p + " (plan digest " + r.sweep().planDigest() + ", this plan's is "
                        + sweepOf.planDigest() + "): the plan file changed since; start a new result file");
            }
            if (!r.sweep().seeds().equals(sweepOf.seeds()) || !r.sweep().shard().equals(sweepOf.shard())) {
                throw new UserError(out + " holds a sweep of seeds " + r.sweep().seeds() + " shard " + r.sweep().shard() + ", not of seeds " + sweepOf.seeds()
                        + " shard " + sweepOf.shard());
            }
            long offset = r.seed() - range.first();
            if (!range.contains(r.seed()) || !piece.owns(offset)) {
                throw new UserError(out + " holds seed " + r.seed() + ", which is not in seeds " + range + (piece.count() > 1 ? " shard " + piece : ""));
            }
            if (!done.get((int) offset)) {
                done.set((int) offset);
                summary.add(r, false);
            }
        });
        if (read.partialTail()) {
            ctx.err().println("sim sweep: dropping the partial last line of " + out + " (its seed will run again)");
            ResultFile.truncate(out, read.completeBytes());
        }
        ctx.err().println("sim sweep: resuming; " + done.cardinality() + " seeds already in " + out);
        return Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** One sweep in progress: the workers, the result file, and the single place that reports. */
    private final class Run {
        private final Scenario scenario;
        private final String mode;
        private final String plan;
        private final PlanChoice choice;
        private final SeedRange range;
        private final Shard piece;
        private final int threads;
        private final SweepSummary summary;
        private final BitSet done;
        private final BufferedWriter writer;
        private final String title;
        private final Object lock = new Object();
        private final AtomicLong cursor = new AtomicLong();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final AtomicBoolean interrupted = new AtomicBoolean();
        private final AtomicBoolean reported = new AtomicBoolean();
        private final CountDownLatch reportDone = new CountDownLatch(1);
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private Progress progress;
        private long startNanos;
        private double seconds;

        Run(Scenario scenario, String mode, PlanChoice choice, SeedRange range, Shard piece, int threads, SweepSummary summary, BitSet done,
                BufferedWriter writer, String title) {
            this.scenario = scenario;
            this.mode = mode;
            this.plan = choice.name();
            this.choice = choice;
            this.range = range;
            this.piece = piece;
            this.threads = threads;
            this.summary = summary;
            this.done = done;
            this.writer = writer;
            this.title = title;
        }

        int go() throws Exception {
            long todo = piece.size(range.count()) - done.cardinality();
            progress = new Progress(ctx.err(), ctx.terminal(), todo, progressSeconds);
            startNanos = System.nanoTime();
            Thread[] workers = new Thread[threads];
            for (int i = 0; i < threads; i++) {
                workers[i] = new Thread(this::work, "sweep-" + i);
                workers[i].start();
            }
            Thread hook = new Thread(() -> {
                interrupted.set(true);
                stop.set(true);
                joinAll(workers, TimeUnit.SECONDS.toMillis(30));
                report();
                awaitReport();
            }, "sweep-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            joinAll(workers, 0);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook owns the report now; wait for it so the JVM does not halt mid-line.
                awaitReport();
                return ExitCodes.INTERNAL;
            }
            report();
            Throwable t = failure.get();
            if (t instanceof Exception e) {
                throw e;
            } else if (t != null) {
                throw (Error) t;
            }
            return summary.failing() > 0 ? ExitCodes.VIOLATION : ExitCodes.OK;
        }

        private void work() {
            try {
                while (!stop.get()) {
                    long offset = piece.index() + cursor.getAndIncrement() * piece.count();
                    if (offset >= range.count()) {
                        return;
                    }
                    if (done.get((int) offset)) {
                        continue;
                    }
                    long t0 = System.nanoTime();
                    RunResult r = scenario.run(choice.spec(scenario, mode, range.first() + offset));
                    SeedResult result = SeedResult.of(r, (System.nanoTime() - t0) / 1_000, sweepOf);
                    synchronized (lock) {
                        summary.add(result, true);
                        if (writer != null) {
                            writer.write(Json.line(result.toJson()));
                            writer.newLine();
                            writer.flush();
                        }
                    }
                    progress.step(result.ok());
                    if (!result.ok() && stopOnFirst) {
                        stop.set(true);
                    }
                }
            } catch (IOException e) {
                failure.compareAndSet(null, new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e));
                stop.set(true);
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                stop.set(true);
            }
        }

        private void report() {
            if (!reported.compareAndSet(false, true)) {
                return;
            }
            try {
                seconds = (System.nanoTime() - startNanos) / 1e9;
                progress.close();
                synchronized (lock) {
                    if (writer != null) {
                        try {
                            writer.close();
                        } catch (IOException e) {
                            ctx.err().println("sim sweep: cannot close " + out + ": " + e.getMessage());
                        }
                    }
                    if (interrupted.get()) {
                        ctx.err().println("sim sweep: interrupted; every finished seed is " + (out == null ? "in the summary" : "in " + out + " (continue with --resume)"));
                    }
                    if (json.on()) {
                        ObjectNode o = Json.MAPPER.createObjectNode();
                        o.put("scenario", scenario.name());
                        o.put("mode", mode);
                        o.put("plan", plan);
                        o.put("seeds", range.toString());
                        o.put("shard", piece.toString());
                        o.put("threads", threads);
                        o.put("interrupted", interrupted.get());
                        o.setAll(summary.toJson(seconds));
                        ctx.out().println(Json.line(o));
                    } else {
                        summary.render(ctx.out(), title + " threads " + threads + (interrupted.get() ? " (INTERRUPTED)" : ""), seconds);
                    }
                    ctx.out().flush();
                    ctx.err().flush();
                }
            } finally {
                reportDone.countDown();
            }
        }

        private void awaitReport() {
            try {
                reportDone.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void joinAll(Thread[] workers, long millis) {
            long deadline = System.currentTimeMillis() + millis;
            for (Thread w : workers) {
                try {
                    if (millis == 0) {
                        w.join();
                    } else {
                        w.join(Math.max(1, deadline - System.currentTimeMillis()));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
