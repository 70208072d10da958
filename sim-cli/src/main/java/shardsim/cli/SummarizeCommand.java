package shardsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import shardsim.cli.base.Launcher;
import shardsim.cli.base.Reproduce;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import shardsim.cli.options.GapsOption;
import shardsim.cli.options.JsonOption;
import shardsim.cli.sweep.Checkpoint;
import shardsim.cli.sweep.ResultFile;
import shardsim.cli.sweep.ResultFiles;
import shardsim.cli.sweep.ResultHeader;
import shardsim.cli.sweep.SeedRange;
import shardsim.cli.sweep.SeedResult;
import shardsim.cli.sweep.Shard;
import shardsim.cli.sweep.SweepOf;
import shardsim.cli.sweep.SweepSummary;
import shardsim.core.check.ModeClaims;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sim summarize}: the sweep summary over result files, for example the pieces of a sharded
 * sweep (named, a folder of them, or a glob). Files must hold one sweep (the same plan contents,
 * seed range and shard count), and every piece must be there and complete, unless
 * {@code --allow-partial}. What it prints on stdout is what the unsharded sweep prints, less the
 * thread count and the throughput line (timings, which go to stderr): the same bytes however the
 * sweep was split, killed and resumed.
 */
@Command(
        name = "summarize",
        description = "Summarize sweep result files (for example the pieces of a sweep split with --shard).")
public final class SummarizeCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Parameters(
            arity = "1..*",
            paramLabel = "FILE.jsonl|FOLDER|GLOB",
            description = "Result files written by 'sim sweep --out', folders "
                    + "(their *.jsonl files), or globs such as 'results/shard-*.jsonl'.")
    List<Path> files;

    @Mixin
    JsonOption json;

    @Mixin
    GapsOption gaps;

    @Option(names = "--allow-partial", description = "Summarize even when shards or seeds of the sweep are missing.")
    boolean allowPartial;

    public SummarizeCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        SweepSummary summary = new SweepSummary();
        Set<Long> seen = new HashSet<>();
        ResultHeader[] first = new ResultHeader[1];
        TreeMap<Integer, Long> seedsPerShard = new TreeMap<>();
        List<Path> paths = ResultFiles.expand(files);
        for (Path f : paths) {
            int[] shardIndex = new int[1];
            ResultFile.Read read = ResultFile.read(f, new ResultFile.Sink() {
                @Override
                public void header(ResultHeader h) {
                    ResultHeader w = first[0];
                    SweepOf s = h.sweep();
                    if (w == null) {
                        first[0] = h;
                    } else if (!h.scenario().equals(w.scenario())
                            || !h.mode().equals(w.mode())
                            || !s.planDigest().equals(w.sweep().planDigest())) {
                        throw new UserError(f + " holds runs of " + h.runsOf() + " (plan digest " + s.planDigest()
                                + "), other files runs of " + w.runsOf() + " (plan digest "
                                + w.sweep().planDigest() + "); summarize one sweep at a time");
                    } else if (!s.seeds().equals(w.sweep().seeds())
                            || Shard.parse(s.shard()).count()
                                    != Shard.parse(w.sweep().shard()).count()) {
                        throw new UserError(f + " holds a sweep of seeds " + s.seeds() + " shard " + s.shard()
                                + ", other files of seeds " + w.sweep().seeds() + " shard "
                                + w.sweep().shard() + "; summarize one sweep at a time");
                    }
                    shardIndex[0] = Shard.parse(s.shard()).index();
                    // A shard whose file is there is unfinished, not missing, even before its first checkpoint.
                    seedsPerShard.putIfAbsent(shardIndex[0], 0L);
                }

                @Override
                public void checkpoint(List<SeedResult> seeds, Checkpoint c) {
                    for (SeedResult r : seeds) {
                        if (!seen.add(r.seed())) {
                            // A checkpoint's latencies cannot be split by seed, so a seed twice cannot be counted once.
                            throw new UserError(f + " holds seed " + r.seed()
                                    + ", which an earlier file holds too; give each piece of the sweep once");
                        }
                        summary.add(r, false);
                    }
                    seedsPerShard.merge(shardIndex[0], (long) seeds.size(), Long::sum);
                    summary.addCheckpoint(c, f.toString());
                }
            });
            if (read.header() == null) {
                throw new UserError(f + " is not a sweep result file (it holds no complete header line)");
            }
            if (read.partialTail()) {
                ctx.err()
                        .println("sim summarize: ignoring the partial last line of " + f
                                + " (cut off when its sweep stopped)");
            }
            if (!read.tail().isEmpty()) {
                ctx.err()
                        .println(
                                "sim summarize: leaving out the last "
                                        + read.tail().size() + " seeds of " + f
                                        + ": no checkpoint holds their latencies and coverage (the sweep was killed; --resume it to finish)");
            }
        }
        String what = first[0] == null ? null : first[0].runsOf();
        if (summary.runs() == 0) {
            throw new UserError("no results in " + paths);
        }
        String missing = missing(first[0].sweep(), seedsPerShard);
        if (missing != null) {
            if (!allowPartial) {
                throw new UserError(missing + " (add --allow-partial to summarize what is there)");
            }
            ctx.err().println("sim summarize: partial: " + missing);
        }
        ResultHeader h = first[0];
        ModeClaims claims = claims(h);
        // Built directly, not through RunRequest: the spec only names a run for its reproduce line,
        // and the sweep may be of a scenario this sim does not know (no Scenario to request it of).
        java.util.function.LongFunction<String> reproduce =
                seed -> Launcher.prefix() + Reproduce.command(new RunSpec(h.scenario(), h.mode(), h.plan(), seed));
        if (json.on()) {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("runsOf", what);
            o.put("files", paths.size());
            o.put("partial", missing != null);
            o.setAll(summary.toJson(-1, claims, reproduce));
            ctx.out().println(Json.line(o));
        } else {
            // The title of the unsharded sweep, less its thread count; timings to stderr, so stdout is the same bytes
            // however the sweep was split.
            summary.render(
                    ctx.out(),
                    "sweep " + what + " seeds " + first[0].sweep().seeds() + (missing != null ? " (PARTIAL)" : ""),
                    -1,
                    claims,
                    reproduce);
            ctx.err().println("sim summarize: " + summary.throughputLine(-1));
        }
        return gaps.exitCode(summary.failing() > 0, summary.withGaps() > 0);
    }

    /**
     * The stances of the files' mode, for the reasons shown beside gaps: the lines say which
     * violations were claims and which gaps; a scenario this sim does not know gives no reasons.
     */
    private ModeClaims claims(ResultHeader h) {
        for (Scenario s : ctx.scenarios()) {
            if (s.name().equals(h.scenario()) && s.modes().contains(h.mode())) {
                return s.claims().of(h.mode());
            }
        }
        return new ModeClaims(h.mode(), List.of());
    }

    /** What the files lack of their sweep, in words, or null if they hold all of it. */
    private static String missing(SweepOf sweep, TreeMap<Integer, Long> seedsPerShard) {
        SeedRange range = SeedRange.parse(sweep.seeds());
        int count = Shard.parse(sweep.shard()).count();
        List<String> absent = new ArrayList<>();
        List<String> short_ = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long expected = new Shard(i, count).size(range.count());
            Long have = seedsPerShard.get(i);
            if (have == null && expected > 0) {
                absent.add(i + "/" + count);
            } else if (have != null && have < expected) {
                short_.add(i + "/" + count + " (" + have + " of " + expected + " seeds)");
            }
        }
        if (absent.isEmpty() && short_.isEmpty()) {
            return null;
        }
        String s = "the sweep of seeds " + range + " is incomplete:";
        if (!absent.isEmpty()) {
            s += " shard" + (absent.size() == 1 ? " " : "s ") + String.join(", ", absent) + " missing"
                    + (short_.isEmpty() ? "" : ";");
        }
        if (!short_.isEmpty()) {
            s += " shard" + (short_.size() == 1 ? " " : "s ") + String.join(", ", short_) + " unfinished";
        }
        return s;
    }
}
