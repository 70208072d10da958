package shardsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import shardsim.cli.options.GapsOption;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.options.SeedOption;
import shardsim.cli.options.Target;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.Verdict;
import shardsim.core.trace.Trace;

/** {@code sim run}: one seed, reported in full. */
@Command(
        name = "run",
        description =
                "Run one seed of a scenario and report every violation with the command that reproduces it: a broken claim fails (exit 1), a known gap is a finding (exit 0 unless --fail-on-gaps).")
public final class RunCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    Target target;

    @Mixin
    SeedOption seed;

    @Option(
            names = "--trace",
            paramLabel = "FILE",
            description = "Write the full trace as JSON Lines (replay it with 'sim replay FILE').")
    Path trace;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "Write a self-contained page with the run's space-time diagram (up to the first violation).")
    Path html;

    @Option(names = "--force", description = "Overwrite --trace and --html files that exist.")
    boolean force;

    @Mixin
    JsonOption json;

    @Mixin
    GapsOption gaps;

    @Option(
            names = "--last",
            paramLabel = "N",
            defaultValue = "" + RunResult.LAST_EVENTS,
            description = "Trace events shown before a violation (default: ${DEFAULT-VALUE}).")
    int last;

    public RunCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        Scenario scenario = target.scenario(ctx.registry());
        PlanChoice choice = target.choose(scenario, Plans.DOCUMENTED);
        RunSpec spec = choice.checkedSpec(scenario, target.mode(scenario), seed.of(choice));
        if (last < 0 || last > 1_000_000) {
            throw new UserError("--last must be between 0 and 1000000: " + last);
        }
        RunFiles.check("sim run", force, RunFiles.inputs(choice), trace, html);
        if (!json.on()) {
            RunReport.header(ctx.out(), spec);
        }
        Trace t = Trace.digestOnly();
        LeadUp leadUp = new LeadUp(last);
        t.addListener(leadUp);
        RunResult result = RunFiles.run(scenario, spec, t, trace, html);
        Verdict verdict = Verdict.of(scenario, result);
        if (json.on()) {
            ctx.out().println(Json.line(Json.run(result, verdict)));
        } else {
            RunReport.body(ctx.out(), result, verdict, leadUp.events(), leadUp.sawViolation());
            if (trace != null) {
                ctx.out().println("trace written to " + trace + " (" + result.traceEvents() + " events)");
            }
            if (html != null) {
                ctx.out().println("diagram written to " + html);
            }
        }
        return gaps.exitCode(!verdict.claimsHold(), !verdict.gaps().isEmpty());
    }
}
