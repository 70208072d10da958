package shardsim.cli.io;

import java.io.IOException;
import java.nio.file.Path;

/** Writing a named output failed (a full disk, a quota): the message names the file and why, in one line. */
public final class FailedWrite extends IOException {
    public FailedWrite(Path file, IOException cause) {
        super("cannot write " + file + ": " + IoFailure.why(cause), cause);
    }
}
