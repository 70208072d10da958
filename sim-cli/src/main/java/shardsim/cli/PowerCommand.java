package shardsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import shardsim.cli.options.GapsOption;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.ProgressOption;
import shardsim.cli.options.Target;
import shardsim.cli.options.ThreadsOption;
import shardsim.cli.power.Power;
import shardsim.cli.power.StartResult;
import shardsim.cli.sweep.Progress;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.Scenario;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sim power}: how quickly a sweep finds the bug, from several starting seeds. */
@Command(
        name = "power",
        description =
                "Measure detection power: seeds (and wall time) a sweep needs before the mode fails (a claim breaks; a known gap too with --fail-on-gaps), from K starting seeds 0, 10^9, 2*10^9, ...")
public final class PowerCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    Target target;

    @Option(
            names = "--starts",
            paramLabel = "K",
            defaultValue = "100",
            description = "Starting seeds (default: ${DEFAULT-VALUE}).")
    int starts;

    @Option(
            names = "--max-seeds",
            paramLabel = "N",
            defaultValue = "10000",
            description = "Most seeds swept from one start (default: ${DEFAULT-VALUE}).")
    long maxSeeds;

    @Mixin
    ThreadsOption threads;

    @Mixin
    JsonOption json;

    @Mixin
    GapsOption gaps;

    @Mixin
    ProgressOption progress;

    public PowerCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Scenario scenario = target.scenario(ctx.registry());
        String m = target.mode(scenario);
        String p = target.plan().drawnFromTheSeed(scenario, Plans.RANDOM);
        java.util.SortedMap<String, String> nodeModes = target.nodeModes(scenario);
        shardsim.cli.options.PlanChoice.checkWorld(
                scenario,
                RunRequest.builtIn(scenario, p).withNodeModes(nodeModes).spec(m, Power.startSeed(0)));
        if (starts < 1 || starts > 100_000) {
            throw new UserError("--starts must be between 1 and 100000, got " + starts);
        }
        if (maxSeeds < 1 || maxSeeds > Power.SPACING) {
            throw new UserError("--max-seeds must be between 1 and " + Power.SPACING + ", got " + maxSeeds);
        }
        int t = threads.count();
        long everySeconds = progress.seconds();
        try (OnSignal signal = new OnSignal("power")) {
            return measure(scenario, m, p, nodeModes, t, everySeconds, signal);
        }
    }

    private int measure(
            Scenario scenario,
            String m,
            String p,
            java.util.Map<String, String> nodeModes,
            int t,
            long progressSeconds,
            OnSignal signal) {
        long t0 = System.nanoTime();
        List<StartResult> results;
        try (Progress progress = new Progress(ctx.err(), ctx.terminal(), starts, progressSeconds, "power", "starts")) {
            results = Power.measure(
                    scenario,
                    m,
                    p,
                    nodeModes,
                    starts,
                    maxSeeds,
                    t,
                    gaps.on(),
                    signal::signalled,
                    r -> progress.step(!r.found()));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        boolean interrupted = results.size() < starts;
        if (interrupted) {
            ctx.err()
                    .println("sim power: interrupted after " + results.size() + " of " + starts
                            + " starts; the figures below are theirs alone" + (results.isEmpty() ? ": none" : ""));
            if (results.isEmpty()) {
                ctx.err().flush();
                return ExitCodes.INTERRUPTED;
            }
        }
        List<Long> seeds = new ArrayList<>();
        List<Long> micros = new ArrayList<>();
        Map<String, Integer> firstInvariant = new TreeMap<>();
        int missed = 0;
        for (StartResult r : results) {
            seeds.add(r.seedsRun());
            micros.add(r.wallNanos() / 1_000);
            if (r.found()) {
                firstInvariant.merge(r.invariant(), 1, Integer::sum);
            } else {
                missed++;
            }
        }
        if (json.on()) {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("scenario", scenario.name());
            o.put("mode", m);
            o.put("plan", p);
            o.put("starts", starts);
            o.put("finishedStarts", results.size());
            o.put("maxSeeds", maxSeeds);
            o.put("missed", missed);
            o.put("interrupted", interrupted);
            if (missed == results.size()) {
                o.putNull("seedsToFailure");
                o.putNull("wallMicrosToFailure");
            } else {
                ObjectNode s = o.putObject("seedsToFailure");
                s.put("median", Power.percentile(seeds, 50));
                s.put("p90", Power.percentile(seeds, 90));
                s.put("max", Power.percentile(seeds, 100));
                ObjectNode w = o.putObject("wallMicrosToFailure");
                w.put("median", Power.percentile(micros, 50));
                w.put("p90", Power.percentile(micros, 90));
                w.put("max", Power.percentile(micros, 100));
            }
            ObjectNode inv = o.putObject("firstInvariant");
            firstInvariant.forEach(inv::put);
            ArrayNode per = o.putArray("perStart");
            for (StartResult r : results) {
                ObjectNode e = per.addObject();
                e.put("start", r.start());
                e.put("seeds", r.seedsRun());
                e.put("found", r.found());
                if (r.found()) {
                    e.put("failingSeed", r.failingSeed());
                    e.put("invariant", r.invariant());
                }
                e.put("wallMicros", r.wallNanos() / 1_000);
            }
            o.put("threads", t);
            o.put("seconds", Math.round(seconds * 1000) / 1000.0);
            ctx.out().println(Json.line(o));
        } else {
            var out = ctx.out();
            out.println("power " + scenario.name() + "  mode " + m + "  plan " + p + "  " + starts
                    + " starts (seeds 0, 10^9, ...), at most " + maxSeeds + " seeds each"
                    + (interrupted ? " (INTERRUPTED after " + results.size() + " starts)" : ""));
            if (missed == results.size()) {
                // Every start ran out of seeds: a median of the cap would be a figure no run earned.
                out.println("seeds to first failure:      none found in any start within " + maxSeeds
                        + " seeds (no median)");
            } else {
                out.printf(
                        "seeds to first failure:      median %d, p90 %d, max %d%n",
                        Power.percentile(seeds, 50), Power.percentile(seeds, 90), Power.percentile(seeds, 100));
                out.printf(
                        "wall time to first failure:  median %s, p90 %s, max %s (%d thread%s)%n",
                        ms(Power.percentile(micros, 50)),
                        ms(Power.percentile(micros, 90)),
                        ms(Power.percentile(micros, 100)),
                        t,
                        t == 1 ? "" : "s");
            }
            out.println("first invariant broken: "
                    + (firstInvariant.isEmpty()
                            ? "none"
                            : firstInvariant
                                    .toString()
                                    .replace("{", "")
                                    .replace("}", "")
                                    .replace("=", " x")));
            if (missed > 0) {
                out.println("NOT FOUND from " + missed + " of " + starts + " starts within " + maxSeeds + " seeds"
                        + (missed == results.size() ? "" : " (counted as " + maxSeeds + " above)"));
            }
            out.printf(
                    "%d runs in %.1f s%n",
                    seeds.stream().mapToLong(Long::longValue).sum(), seconds);
        }
        return interrupted ? ExitCodes.INTERRUPTED : ExitCodes.OK;
    }

    private static String ms(long micros) {
        return String.format("%.1f ms", micros / 1000.0);
    }
}
