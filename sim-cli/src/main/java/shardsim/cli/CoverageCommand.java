package shardsim.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.UserError;
import shardsim.cli.coverage.CoverageListing;
import shardsim.cli.coverage.CoverageRuns;
import shardsim.cli.io.Json;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.options.ProgressOption;
import shardsim.cli.options.SeedsOption;
import shardsim.cli.options.Target;
import shardsim.cli.options.ThreadsOption;
import shardsim.cli.sweep.Progress;
import shardsim.cli.sweep.SeedRange;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.Scenario;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sim coverage}: which of the scenario's abstract states a range of seeds reached, which it
 * never did, and the rarest it did; and which of its code probes (a fault kind taking effect) the
 * runs hit. Violations do not matter here; the exit code is 0 unless the input is bad.
 */
@Command(
        name = "coverage",
        description =
                "List the abstract states a range of seeds reached and never reached, per state space, and the code probes hit.")
public final class CoverageCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    Target target;

    @Mixin
    SeedsOption seeds;

    @Mixin
    ThreadsOption threads;

    @Mixin
    JsonOption json;

    @Mixin
    ProgressOption progress;

    public CoverageCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Scenario scenario = target.scenario(ctx.registry());
        String m = target.mode(scenario);
        PlanChoice choice = target.choose(scenario, Plans.RANDOM);
        SeedRange range = seeds.range();
        int n = threads.count();
        long every = progress.seconds();
        // A plan file's names are checked in the first seed's world, and the scenario must declare what to cover.
        if (scenario.run(choice.checkedSpec(scenario, m, range.first()))
                .coverage()
                .spaces()
                .isEmpty()) {
            throw new UserError(
                    "scenario " + scenario.name() + " declares no state abstraction: there is no coverage to list");
        }
        try (OnSignal signal = new OnSignal("coverage")) {
            CoverageRuns.Tallies tally;
            try (Progress p = new Progress(ctx.err(), ctx.terminal(), range.count(), every, "coverage", "seeds")) {
                tally = CoverageRuns.tally(
                        scenario,
                        seed -> choice.spec(scenario, m, seed),
                        range.first(),
                        range.count(),
                        n,
                        r -> p.step(r.ok()),
                        signal::signalled);
            }
            long done = tally.coverage().runs();
            boolean interrupted = done < range.count();
            if (interrupted) {
                ctx.err()
                        .println("sim coverage: interrupted after " + done + " of " + range.count()
                                + " seeds; the listing below counts those runs only");
            }
            String title = "coverage " + scenario.name() + " mode " + m + " plan " + choice.name() + " seeds " + range
                    + " (" + done + " runs" + (interrupted ? ", INTERRUPTED" : "") + ")";
            if (json.on()) {
                ObjectNode o = Json.MAPPER.createObjectNode();
                o.put("scenario", scenario.name());
                o.put("mode", m);
                o.put("plan", choice.name());
                o.put("seeds", range.toString());
                if (interrupted) {
                    o.put("interrupted", true);
                }
                o.setAll(CoverageListing.toJson(tally.coverage(), tally.probes(), scenario.probeNames()));
                ctx.out().println(Json.line(o));
            } else {
                CoverageListing.render(ctx.out(), title, tally.coverage(), tally.probes(), scenario.probeNames());
            }
            ctx.out().flush();
            return interrupted ? ExitCodes.INTERRUPTED : ExitCodes.OK;
        }
    }
}
