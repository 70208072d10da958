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
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import shardsim.cli.options.JsonOption;
import shardsim.cli.sweep.ResultFile;
import shardsim.cli.sweep.SeedRange;
import shardsim.cli.sweep.Shard;
import shardsim.cli.sweep.SweepOf;
import shardsim.cli.sweep.SweepSummary;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sim summarize}: the sweep summary over result files, for example the pieces of a sharded
 * sweep. Files must hold one sweep (the same plan contents, seed range and shard count), and every
 * piece must be there and complete, unless {@code --allow-partial}.
 */
@Command(name = "summarize", description = "Summarize sweep result files (for example the pieces of a sweep split with --shard).")
public final class SummarizeCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Parameters(arity = "1..*", paramLabel = "FILE.jsonl", description = "Result files written by 'sim sweep --out'.")
    List<Path> files;

    @Mixin
    JsonOption json;

    @Option(names = "--allow-partial", description = "Summarize even when shards or seeds of the sweep are missing.")
    boolean allowPartial;

    public SummarizeCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        SweepSummary summary = new SweepSummary();
        Set<Long> seen = new HashSet<>();
        String[] what = new String[1];
        String[] scenarioMode = new String[1];
        SweepOf[] sweep = new SweepOf[1];
        TreeMap<Integer, Long> seedsPerShard = new TreeMap<>();
        long[] duplicates = new long[1];
        for (Path f : files) {
            ResultFile.Read read = ResultFile.read(f, r -> {
                String key = r.scenario() + " mode " + r.mode() + " plan " + r.plan();
                SweepOf s = r.sweep();
                String sm = r.scenario() + " mode " + r.mode();
                if (what[0] == null) {
                    what[0] = key;
                    scenarioMode[0] = sm;
                    sweep[0] = s;
                } else if (!sm.equals(scenarioMode[0]) || !s.planDigest().equals(sweep[0].planDigest())) {
                    throw new UserError(f + " holds runs of " + key + " (plan digest " + s.planDigest() + "), other files runs of " + what[0] + " (plan digest "
                            + sweep[0].planDigest() + "); summarize one sweep at a time");
                } else if (!s.seeds().equals(sweep[0].seeds()) || Shard.parse(s.shard()).count() != Shard.parse(sweep[0].shard()).count()) {
                    throw new UserError(f + " holds a sweep of seeds " + s.seeds() + " shard " + s.shard() + ", other files of seeds " + sweep[0].seeds() + " shard "
                            + sweep[0].shard() + "; summarize one sweep at a time");
                }
                if (seen.add(r.seed())) {
                    summary.add(r, false);
                    seedsPerShard.merge(Shard.parse(s.shard()).index(), 1L, Long::sum);
                } else {
                    duplicates[0]++;
                }
            });
            if (read.partialTail()) {
                ctx.err().println("sim summarize: ignoring the partial last line of " + f);
            }
        }
        if (duplicates[0] > 0) {
            ctx.err().println("sim summarize: " + duplicates[0] + " seeds appear more than once; each is counted once");
        }
        if (summary.runs() == 0) {
            throw new UserError("no results in " + files);
        }
        String missing = missing(sweep[0], seedsPerShard);
        if (missing != null) {
            if (!allowPartial) {
                throw new UserError(missing + " (add --allow-partial to summarize what is there)");
            }
            ctx.err().println("sim summarize: partial: " + missing);
        }
        if (json.on()) {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("runsOf", what[0]);
            o.put("files", files.size());
            o.put("partial", missing != null);
            o.setAll(summary.toJson(-1));
            ctx.out().println(Json.line(o));
        } else {
            summary.render(ctx.out(), "summary of " + files.size() + " file(s): " + what[0] + (missing != null ? " (PARTIAL)" : ""), -1);
        }
        return summary.failing() > 0 ? ExitCodes.VIOLATION : ExitCodes.OK;
    }

    /** What the files lack of their sweep, in words, or null if they hold all of it. */
    private static String missing(SweepOf sweep, TreeMap<Integer, Long> seedsPerShard) {
        SeedRange range = SeedRange.parse(sweep.seeds());
        int count = Shard.parse(sweep.shard()).count();
        List<String> absent = new ArrayList<>();
        List<String> short_ = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long expected = new Shard(i, count).size(range.count());
            long have = seedsPerShard.getOrDefault(i, 0L);
            if (have == 0 && expected > 0) {
                absent.add(i + "/" + count);
            } else if (have < expected) {
                short_.add(i + "/" + count + " (" + have + " of " + expected + " seeds)");
            }
        }
        if (absent.isEmpty() && short_.isEmpty()) {
            return null;
        }
        String s = "the sweep of seeds " + range + " is incomplete:";
        if (!absent.isEmpty()) {
            s += " shard" + (absent.size() == 1 ? " " : "s ") + String.join(", ", absent) + " missing" + (short_.isEmpty() ? "" : ";");
        }
        if (!short_.isEmpty()) {
            s += " shard" + (short_.size() == 1 ? " " : "s ") + String.join(", ", short_) + " unfinished";
        }
        return s;
    }
}
