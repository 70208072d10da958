package shardsim.cli.io;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import shardsim.cli.base.UserError;

/**
 * Reads JSON Lines with a bound on each line, so a file with no newline (or {@code /dev/zero})
 * is refused instead of exhausting the heap. Lines are strict UTF-8; a byte order mark before the
 * first line is dropped. Tracks the byte offset after the last complete line.
 */
public final class LineReader implements Closeable {
    private final InputStream in;
    private final String what;
    private final int maxLine;
    private byte[] buf = new byte[8192];
    private long lineNo;
    private long completeBytes;
    private boolean partialTail;

    /** @param what how errors name the file ("trace t.jsonl") */
    public LineReader(InputStream in, String what, int maxLine) {
        this.in = new BufferedInputStream(in, 1 << 16);
        this.what = what;
        this.maxLine = maxLine;
    }

    /** The next line without its newline, or null at the end; a last line with no newline is returned too (see {@link #partialTail}). */
    public String next() throws IOException {
        int n = 0;
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (n == maxLine) {
                throw new UserError(what + " line " + (lineNo + 1) + " is longer than " + InputLimits.mib(maxLine)
                        + ", the limit for this kind of file");
            }
            if (n == buf.length) {
                buf = Arrays.copyOf(buf, Math.min(maxLine, buf.length * 2));
            }
            buf[n++] = (byte) b;
        }
        if (b == -1 && n == 0) {
            return null;
        }
        lineNo++;
        if (b == '\n') {
            completeBytes += n + 1;
        } else {
            partialTail = true;
        }
        int end = n > 0 && buf[n - 1] == '\r' ? n - 1 : n;
        String line = InputText.decode(buf, 0, end, what + " line " + lineNo);
        return line;
    }

    /** The number of the line {@link #next} returned last, from 1. */
    public long lineNo() {
        return lineNo;
    }

    /** The bytes up to the end of the last line that ended with a newline. */
    public long completeBytes() {
        return completeBytes;
    }

    /** Whether the last line returned had no newline (a file cut mid-write). */
    public boolean partialTail() {
        return partialTail;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
