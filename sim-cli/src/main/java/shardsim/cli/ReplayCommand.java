package shardsim.cli;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.Reproduce;
import shardsim.cli.base.UserError;
import shardsim.cli.io.PlanFile;
import shardsim.cli.io.TraceFile;
import shardsim.cli.options.PlanChoice;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceDiff;

/** {@code sim replay}: re-runs what a trace file records and compares the two event by event. */
@Command(
        name = "replay",
        description =
                "Re-run the run a trace file records and compare it event by event (exit 3 on the first difference).")
public final class ReplayCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Parameters(index = "0", paramLabel = "TRACE", description = "A trace file written by 'sim run --trace'.")
    Path file;

    public ReplayCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        TraceFile recorded = TraceFile.read(file);
        RunSpec spec = recorded.header().spec();
        Scenario scenario;
        try {
            scenario = ctx.scenario(spec.scenario());
        } catch (UserError e) {
            throw new UserError(
                    "trace " + file + " is for scenario '" + spec.scenario() + "', which this sim does not have");
        }
        if (recorded.header().customPlan() != null) {
            spec = RunSpec.custom(
                    spec.scenario(),
                    spec.mode(),
                    PlanFile.fromJson(recorded.header().customPlan(), spec.plan(), scenario),
                    spec.seed());
        }
        if (spec.isCustom() || !spec.nodeModes().isEmpty()) {
            PlanChoice.checkWorld(scenario, spec);
        }
        if (!scenario.modes().contains(spec.mode())
                || (!spec.isCustom() && !scenario.plans().contains(spec.plan()))) {
            throw new UserError("trace " + file + " is for mode '" + spec.mode() + "' plan '" + spec.plan()
                    + "', which " + scenario.name() + " does not have");
        }
        if (!recorded.header().simVersion().equals(VersionProvider.version())) {
            ctx.err()
                    .println("sim replay: the trace was written by sim "
                            + recorded.header().simVersion() + ", this is " + VersionProvider.version());
        }
        ctx.out()
                .println("replaying " + shardsim.cli.io.Text.oneLine(Reproduce.command(spec)) + " ("
                        + recorded.events().size() + " events, digest "
                        + recorded.header().digest() + ")");
        Trace trace = Trace.full();
        RunResult r = scenario.run(spec, trace);
        Optional<TraceDiff.Difference> diff = TraceDiff.firstDifference(recorded.events(), trace.events());
        if (diff.isPresent()) {
            java.util.List<String> lines = diff.get()
                    .describe()
                    .replace("first: ", "recorded:")
                    .replace("second: ", "replayed:")
                    .lines()
                    .toList();
            ctx.out().println("NONDETERMINISM: " + shardsim.cli.io.Text.oneLine(lines.isEmpty() ? "" : lines.get(0)));
            lines.stream().skip(1).forEach(l -> ctx.out().println(shardsim.cli.io.Text.oneLine(l)));
            return ExitCodes.NONDETERMINISM;
        }
        if (!r.digestHex().equals(recorded.header().digest())) {
            ctx.out()
                    .println("NONDETERMINISM: every event matches but the digest differs: recorded "
                            + recorded.header().digest() + ", replayed " + r.digestHex());
            return ExitCodes.NONDETERMINISM;
        }
        ctx.out()
                .println("identical: " + r.traceEvents() + " events, digest " + r.digestHex() + "; "
                        + shardsim.cli.verdict.VerdictText.headline(shardsim.core.scenario.Verdict.of(scenario, r)));
        return ExitCodes.OK;
    }
}
