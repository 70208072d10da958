package shardsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.TraceRecorder;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.report.RunCapture;
import shardsim.cli.report.RunSection;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.Verdict;
import shardsim.core.trace.Trace;

/** Runs one spec, writing its full trace ({@code --trace}) and space-time page ({@code --html}) when asked. */
final class RunFiles {
    private RunFiles() {}

    /**
     * Checks the outputs before any work: each may be written, none is an input or an existing
     * file (unless {@code force}), and no two are the same file.
     */
    static void check(String command, boolean force, List<Path> inputs, Path... outputs) {
        AtomicOutput.distinct(command, outputs);
        for (Path o : outputs) {
            if (o != null) {
                AtomicOutput.checkTarget(o, force, inputs);
            }
        }
    }

    /** The plan file a choice read, as a list of inputs (empty for a built-in plan). */
    static List<Path> inputs(PlanChoice choice) {
        return choice.custom() == null ? List.of() : List.of(Path.of(choice.name()));
    }

    /**
     * @param t the trace to run with (callers may have added listeners)
     * @param trace where to write the trace as JSON Lines, or null
     * @param html where to write the page, or null
     */
    static RunResult run(Scenario scenario, RunSpec spec, Trace t, Path trace, Path html) throws IOException {
        // Created before the run, so a bad path fails at once, not after a long run; closed
        // (and so deleted unless committed) whatever happens.
        try (AtomicOutput page = html == null ? null : AtomicOutput.create(html)) {
            RunCapture capture = null;
            if (page != null) {
                capture = new RunCapture();
                t.addListener(capture);
            }
            RunResult result;
            if (trace != null) {
                try (TraceRecorder recorder = TraceRecorder.open(trace)) {
                    t.addListener(recorder);
                    result = scenario.run(spec, t);
                    recorder.finish(result, VersionProvider.version());
                }
            } else {
                result = scenario.run(spec, t);
            }
            if (page != null) {
                page.writer().write(RunSection.page(result, Verdict.of(scenario, result), capture));
                page.commit();
            }
            return result;
        }
    }
}
