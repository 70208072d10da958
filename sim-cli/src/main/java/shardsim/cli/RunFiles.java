package shardsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.TraceRecorder;
import shardsim.cli.report.RunCapture;
import shardsim.cli.report.RunSection;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;

/** Runs one spec, writing its full trace ({@code --trace}) and space-time page ({@code --html}) when asked. */
final class RunFiles {
    private RunFiles() {
    }

    /**
     * @param t the trace to run with (callers may have added listeners)
     * @param trace where to write the trace as JSON Lines, or null
     * @param html where to write the page, or null
     */
    static RunResult run(Scenario scenario, RunSpec spec, Trace t, Path trace, Path html) throws IOException {
        RunCapture capture = null;
        AtomicOutput page = null;
        if (html != null) {
            // Created before the run, so a bad path fails at once, not after a long run.
            page = AtomicOutput.create(html);
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
            try (AtomicOutput o = page) {
                o.writer().write(RunSection.page(result, capture));
                o.commit();
            }
        }
        return result;
    }
}
