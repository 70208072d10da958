package shardsim.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.Launcher;
import shardsim.cli.base.Reproduce;
import shardsim.cli.base.UserError;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.Disk;
import shardsim.cli.io.Json;
import shardsim.cli.io.PlanFile;
import shardsim.cli.options.GapsOption;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.options.ProgressOption;
import shardsim.cli.options.SeedsOption;
import shardsim.cli.options.Target;
import shardsim.cli.options.ThreadsOption;
import shardsim.cli.sweep.Checkpoint;
import shardsim.cli.sweep.Progress;
import shardsim.cli.sweep.ResultFile;
import shardsim.cli.sweep.ResultHeader;
import shardsim.cli.sweep.ResultLock;
import shardsim.cli.sweep.SeedRange;
import shardsim.cli.sweep.SeedResult;
import shardsim.cli.sweep.Shard;
import shardsim.cli.sweep.SweepOf;
import shardsim.cli.sweep.SweepSummary;
import shardsim.core.check.ModeClaims;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.Verdict;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sim sweep}: many seeds on a pool of threads, one simulation per thread at a time. Each
 * seed is its own run, so its result does not depend on the thread count or on which thread ran
 * it; only the order of lines in the result file does.
 */
@Command(
        name = "sweep",
        description =
                "Run a range of seeds in parallel and summarize what broke: failing seeds (a claim broke, exit 1) apart from known gaps "
                        + "(findings, exit 0 unless --fail-on-gaps), ending with the command that reproduces the smallest failing seed.")
public final class SweepCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    Target target;

    @Mixin
    SeedsOption seeds;

    @Mixin
    ThreadsOption threads;

    @Option(
            names = "--shard",
            paramLabel = "I/N",
            description = "Run only piece I (from 0) of N of the range, for sweeps split across machines.")
    String shard;

    @Option(
            names = "--out",
            paramLabel = "FILE.jsonl",
            description = "Write a header line, then one short JSON line per finished seed as it finishes, "
                    + "and the latency histograms of each batch of seeds in a checkpoint line.")
    Path out;

    @Option(
            names = "--resume",
            description = "Continue the sweep recorded in --out, skipping the seeds it already holds.")
    boolean resume;

    @Option(
            names = "--checkpoint-every",
            paramLabel = "SEEDS",
            description =
                    "Write the latency histograms of the seeds written since the last "
                            + "checkpoint every SEEDS seeds (1 to 100000, default ${DEFAULT-VALUE}); --resume runs the seeds after the last checkpoint again for theirs.")
    int checkpointEvery = Checkpoint.DEFAULT_SEEDS;

    @Option(
            names = "--stop-on-first",
            description =
                    "Stop at the first failing seed (a claim broke, or a gap with --fail-on-gaps; seeds already running still finish).")
    boolean stopOnFirst;

    @Mixin
    JsonOption json;

    @Mixin
    GapsOption gaps;

    @Mixin
    ProgressOption progress;

    private SweepOf sweepOf;
    private boolean customPlan;
    /** Whether this sweep created its result file (then one that got no seed is removed again). */
    private boolean created;

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
        if (checkpointEvery < 1 || checkpointEvery > Checkpoint.MAX_SEEDS) {
            throw new UserError(
                    "--checkpoint-every must be between 1 and " + Checkpoint.MAX_SEEDS + ", got " + checkpointEvery);
        }
        progressSeconds = progress.seconds();
        // A plan file's names are checked in the first seed's world before anything is written.
        choice.checkedSpec(scenario, m, range.first());
        sweepOf = new SweepOf(
                SweepOf.digest(
                        p,
                        choice.custom() != null
                                ? Json.line(PlanFile.toJson(choice.custom(), scenario.name()))
                                : choice.nodeModes().isEmpty()
                                        ? null
                                        : "built-in plan " + p + " node modes "
                                                + shardsim.core.scenario.NodeModes.describe(choice.nodeModes())),
                range.toString(),
                piece.toString());
        if (out != null) {
            AtomicOutput.checkTarget(out, true, RunFiles.inputs(choice));
        }
        SweepSummary summary = new SweepSummary();
        Resumed resumed = new Resumed();
        customPlan = choice.custom() != null;
        BufferedWriter writer = out == null
                ? null
                : openResults(new ResultHeader(scenario.name(), m, p, sweepOf), range, piece, summary, resumed);
        String title = "sweep " + scenario.name() + " mode " + m + " plan " + p + " seeds " + range
                + (piece.count() > 1 ? " shard " + piece : "");
        Run run = new Run(scenario, m, choice, range, piece, n, summary, resumed, writer, title);
        try {
            return run.go();
        } finally {
            // A result file this sweep created and never wrote a seed to would only block the rerun.
            if (created && summary.runs() == 0) {
                Files.deleteIfExists(out);
            }
        }
    }

    /**
     * What a resumed file holds: the seeds done, and of those the ones after its last checkpoint,
     * which run again for their latencies and coverage (their lines stay as they are).
     */
    private static final class Resumed {
        final BitSet done = new BitSet();
        final BitSet again = new BitSet();
        final java.util.HashMap<Long, String> againDigests = new java.util.HashMap<>();
        final Checkpoint pending = new Checkpoint();
    }

    private BufferedWriter openResults(
            ResultHeader header, SeedRange range, Shard piece, SweepSummary summary, Resumed resumed)
            throws IOException {
        AtomicOutput.checkedFolder(out);
        AtomicOutput.regularOrAbsent(out);
        boolean exists = Files.exists(out, LinkOption.NOFOLLOW_LINKS);
        if (!exists && resume) {
            throw new UserError(
                    out + " does not exist, so there is no sweep to resume (leave out --resume to start one)");
        }
        if (exists && !resume) {
            throw new UserError(out + " already exists (add --resume to continue that sweep, or remove the file)");
        }
        FileChannel channel;
        try {
            AtomicOutput.makeFolder(out.toAbsolutePath().normalize().getParent());
            channel = exists
                    ? FileChannel.open(out, StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : FileChannel.open(
                            out, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw AtomicOutput.cannotWrite(out, e);
        }
        try {
            BufferedWriter w = ResultLock.locked(channel, out, () -> {
                if (!exists) {
                    created = true;
                    return Disk.writer(channel, out, out);
                }
                return resumeFrom(channel, header, range, summary, resumed);
            });
            if (!exists) {
                writeLine(w, header.line());
            }
            return w;
        } catch (RuntimeException | IOException e) {
            channel.close();
            if (!exists) {
                // A file this sweep made and could not even start (a full disk at its header) is not left behind.
                Files.deleteIfExists(out);
            }
            throw e;
        }
    }

    /** Reads the locked file, checks it is this sweep's, and positions the channel for appending. */
    private BufferedWriter resumeFrom(
            FileChannel channel, ResultHeader header, SeedRange range, SweepSummary summary, Resumed resumed)
            throws IOException {
        ResultFile.Read read = ResultFile.read(Channels.newInputStream(channel), out.toString(), new ResultFile.Sink() {
            @Override
            public void header(ResultHeader h) {
                if (!h.scenario().equals(header.scenario())
                        || !h.mode().equals(header.mode())
                        || !h.plan().equals(header.plan())) {
                    throw new UserError(out + " holds runs of " + h.runsOf() + ", not of " + header.runsOf());
                }
                SweepOf s = h.sweep();
                if (!s.planDigest().equals(sweepOf.planDigest())) {
                    throw new UserError(out + " holds runs of another plan with the name " + h.plan() + " (plan digest "
                            + s.planDigest() + ", this plan's is "
                            + sweepOf.planDigest() + "): "
                            + (customPlan ? "the plan file changed since" : "its runs had other --node-mode settings")
                            + "; start a new result file");
                }
                if (!s.seeds().equals(sweepOf.seeds()) || !s.shard().equals(sweepOf.shard())) {
                    throw new UserError(out + " holds a sweep of seeds " + s.seeds() + " shard " + s.shard()
                            + ", not of seeds " + sweepOf.seeds() + " shard " + sweepOf.shard());
                }
            }

            @Override
            public void checkpoint(java.util.List<SeedResult> seeds, Checkpoint c) {
                for (SeedResult r : seeds) {
                    resumed.done.set((int) (r.seed() - range.first()));
                    summary.add(r, false);
                }
                summary.addCheckpoint(c, out.toString());
            }
        });
        if (read.header() == null) {
            // Killed before its header was whole, the file holds a prefix of this sweep's header and
            // nothing else; anything else is not a result file of this sweep, and stays as it is.
            String line = header.line();
            long size = channel.size();
            byte[] expected = line.getBytes(StandardCharsets.UTF_8);
            byte[] held = new byte[(int) Math.min(size, expected.length + 1L)];
            channel.read(java.nio.ByteBuffer.wrap(held), 0);
            if (size > expected.length || !java.util.Arrays.equals(held, 0, held.length, expected, 0, held.length)) {
                throw new UserError(
                        out
                                + " is not a result file of this sweep (its first line is not a sweep header); nothing was changed");
            }
        }
        for (SeedResult r : read.tail()) {
            int offset = (int) (r.seed() - range.first());
            resumed.done.set(offset);
            resumed.again.set(offset);
            resumed.againDigests.put(r.seed(), r.digest());
            resumed.pending.countSeed();
            summary.add(r, false);
        }
        if (read.partialTail()) {
            ctx.err()
                    .println("sim sweep: dropping the partial last line of " + out
                            + " (cut off when the sweep stopped; its seed will run again)");
            channel.truncate(read.completeBytes());
        }
        ctx.err()
                .println("sim sweep: resuming; " + resumed.done.cardinality() + " seeds already in " + out
                        + (read.tail().isEmpty()
                                ? ""
                                : " (the last " + read.tail().size()
                                        + " after its last checkpoint run again for their latencies and coverage)"));
        channel.position(channel.size());
        BufferedWriter w = Disk.writer(channel, out, out);
        if (read.header() == null) {
            writeLine(w, header.line());
        }
        return w;
    }

    private static void writeLine(BufferedWriter w, String line) throws IOException {
        w.write(line);
        w.newLine();
        w.flush();
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
        private final Resumed resumed;
        private int againLeft;
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

        Run(
                Scenario scenario,
                String mode,
                PlanChoice choice,
                SeedRange range,
                Shard piece,
                int threads,
                SweepSummary summary,
                Resumed resumed,
                BufferedWriter writer,
                String title) {
            this.scenario = scenario;
            this.mode = mode;
            this.plan = choice.name();
            this.choice = choice;
            this.range = range;
            this.piece = piece;
            this.threads = threads;
            this.summary = summary;
            this.done = resumed.done;
            this.resumed = resumed;
            this.againLeft = resumed.again.cardinality();
            this.writer = writer;
            this.title = title;
        }

        int go() throws Exception {
            long todo = piece.size(range.count()) - done.cardinality() + againLeft;
            progress = new Progress(ctx.err(), ctx.terminal(), todo, progressSeconds);
            startNanos = System.nanoTime();
            Thread[] workers = new Thread[threads];
            for (int i = 0; i < threads; i++) {
                workers[i] = new Thread(this::work, "sweep-" + i);
                workers[i].start();
            }
            Thread hook = new Thread(
                    () -> {
                        interrupted.set(true);
                        stop.set(true);
                        joinAll(workers, TimeUnit.SECONDS.toMillis(30));
                        report();
                        awaitReport();
                    },
                    "sweep-shutdown");
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
            return gaps.exitCode(summary.failing() > 0, summary.withGaps() > 0);
        }

        private void work() {
            try {
                while (!stop.get()) {
                    long offset = piece.index() + cursor.getAndIncrement() * piece.count();
                    if (offset >= range.count()) {
                        return;
                    }
                    boolean again = resumed.again.get((int) offset);
                    if (done.get((int) offset) && !again) {
                        continue;
                    }
                    long t0 = System.nanoTime();
                    RunResult r = scenario.run(choice.spec(scenario, mode, range.first() + offset));
                    SeedResult result = SeedResult.of(r, Verdict.of(scenario, r), (System.nanoTime() - t0) / 1_000);
                    synchronized (lock) {
                        if (again) {
                            String recorded = resumed.againDigests.get(result.seed());
                            if (!recorded.equals(result.digest())) {
                                throw new UserError(
                                        out + " records digest " + recorded + " for seed " + result.seed()
                                                + ", which ran to " + result.digest()
                                                + " here: the file was edited, or the run is not deterministic (see sim check-determinism)");
                            }
                            summary.addRerun(result);
                            againLeft--;
                        } else {
                            summary.add(result, true);
                        }
                        if (writer != null) {
                            if (!again) {
                                writer.write(Json.line(result.toJson()));
                                writer.newLine();
                                resumed.pending.countSeed();
                            }
                            resumed.pending.add(result);
                            if (resumed.pending.seeds() >= checkpointEvery) {
                                checkpoint();
                            }
                            writer.flush();
                        }
                    }
                    progress.step(!result.failed(gaps.on()));
                    if (result.failed(gaps.on()) && stopOnFirst && !again) {
                        stop.set(true);
                    }
                }
            } catch (IOException e) {
                failure.compareAndSet(
                        null,
                        new UserError(
                                shardsim.cli.io.IoFailure.oneLine(e) + "; the seeds written before stay in " + out
                                        + " (continue with --resume once it can be written)",
                                e));
                stop.set(true);
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                stop.set(true);
            }
        }

        /** Writes the pending checkpoint, once every seed it covers has its latencies in it. Under the lock. */
        private void checkpoint() throws IOException {
            if (againLeft == 0 && resumed.pending.seeds() > 0) {
                writer.write(Json.line(resumed.pending.toJson()));
                writer.newLine();
                resumed.pending.clear();
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
                            checkpoint();
                            writer.close();
                        } catch (IOException e) {
                            ctx.err().println("sim sweep: cannot close " + out + ": " + e.getMessage());
                        }
                    }
                    if (interrupted.get()) {
                        ctx.err()
                                .println("sim sweep: interrupted; every finished seed is "
                                        + (out == null ? "in the summary" : "in " + out + " (continue with --resume)"));
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
                        o.setAll(summary.toJson(seconds, claims(), this::reproduce));
                        ctx.out().println(Json.line(o));
                    } else {
                        summary.render(
                                ctx.out(),
                                title + " threads " + threads + (interrupted.get() ? " (INTERRUPTED)" : ""),
                                seconds,
                                claims(),
                                this::reproduce);
                    }
                    ctx.out().flush();
                    ctx.err().flush();
                }
            } finally {
                reportDone.countDown();
            }
        }

        /** What the sweep's runs claim: the stances of the modes their code runs. */
        private ModeClaims claims() {
            return scenario.claims().of(Verdict.modesOf(choice.spec(scenario, mode, range.first())));
        }

        private String reproduce(long seed) {
            return Launcher.prefix() + Reproduce.command(choice.spec(scenario, mode, seed));
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
