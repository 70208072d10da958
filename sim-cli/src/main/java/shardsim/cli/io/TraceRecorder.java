package shardsim.cli.io;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import shardsim.core.scenario.RunResult;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceListener;

/**
 * Streams a run's events to a scratch file as they happen (memory stays flat however long the
 * run), then assembles the trace file, header first, and moves it into place in one step.
 */
public final class TraceRecorder implements TraceListener, Closeable {
    private final AtomicOutput output;
    private final Path body;
    private final BufferedWriter bodyWriter;
    private String lastCheck = "";

    private TraceRecorder(AtomicOutput output, Path body) throws IOException {
        this.output = output;
        this.body = body;
        this.bodyWriter = Disk.writer(body, output.target());
    }

    /** Opens the scratch files before the run starts (the caller checked the destination). */
    public static TraceRecorder open(Path target) {
        AtomicOutput out = AtomicOutput.create(target);
        Path body = null;
        try {
            body = AtomicOutput.newTemp(out.folder(), target, ".events");
            return new TraceRecorder(out, body);
        } catch (IOException e) {
            AtomicOutput.forget(body);
            try {
                out.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void onEvent(TraceEvent event) {
        try {
            String body = Json.line(TraceFile.eventJson(event));
            lastCheck = LineCheck.next(lastCheck, body);
            bodyWriter.write(LineCheck.seal(body, lastCheck));
            bodyWriter.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e instanceof FailedWrite ? e : new FailedWrite(output.target(), e));
        }
    }

    /** Writes the header and the events, then moves the file into place. */
    public void finish(RunResult result, String simVersion) throws IOException {
        bodyWriter.close();
        BufferedWriter w = output.writer();
        w.write(TraceFile.Header.of(result, simVersion).line(lastCheck));
        w.newLine();
        try (Reader r = Files.newBufferedReader(body, StandardCharsets.UTF_8)) {
            r.transferTo(w);
        }
        output.commit();
    }

    @Override
    public void close() throws IOException {
        // Each step whatever the one before did: a full disk fails the flush of a close too, and
        // the scratch files must go all the same.
        try {
            bodyWriter.close();
        } catch (IOException e) {
            // The write that failed first has been reported.
        } finally {
            try {
                output.close();
            } catch (IOException e) {
                // As above.
            } finally {
                AtomicOutput.forget(body);
            }
        }
    }
}
