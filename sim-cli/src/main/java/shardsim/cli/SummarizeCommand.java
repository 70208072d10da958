package shardsim.cli;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import shardsim.cli.io.Json;
import shardsim.cli.sweep.ResultFile;
import shardsim.cli.sweep.SweepSummary;
import tools.jackson.databind.node.ObjectNode;

/** {@code sim summarize}: the sweep summary over result files, for example the pieces of a sharded sweep. */
@Command(name = "summarize", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Summarize sweep result files (for example the pieces of a sweep split with --shard).")
public final class SummarizeCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Parameters(arity = "1..*", paramLabel = "FILE.jsonl", description = "Result files written by 'sim sweep --out'.")
    List<Path> files;

    @Option(names = "--json", description = "Print the summary as one JSON object.")
    boolean json;

    public SummarizeCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        SweepSummary summary = new SweepSummary();
        Set<Long> seen = new HashSet<>();
        String[] what = new String[1];
        long[] duplicates = new long[1];
        for (Path f : files) {
            ResultFile.Read read = ResultFile.read(f, r -> {
                String key = r.scenario() + " mode " + r.mode() + " plan " + r.plan();
                if (what[0] == null) {
                    what[0] = key;
                } else if (!what[0].equals(key)) {
                    throw new UserError(f + " holds runs of " + key + ", other files runs of " + what[0] + "; summarize one sweep at a time");
                }
                if (seen.add(r.seed())) {
                    summary.add(r, false);
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
        if (json) {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("runsOf", what[0]);
            o.put("files", files.size());
            o.setAll(summary.toJson(-1));
            ctx.out().println(Json.line(o));
        } else {
            summary.render(ctx.out(), "summary of " + files.size() + " file(s): " + what[0], -1);
        }
        return summary.failing() > 0 ? ExitCodes.VIOLATION : ExitCodes.OK;
    }
}
