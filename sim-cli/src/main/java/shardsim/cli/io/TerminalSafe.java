package shardsim.cli.io;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A UTF-8 output stream that writes control characters as {@code \\u00XX} escapes (valid inside a
 * JSON string too), so nothing read from a plan, trace or result file can move the cursor, change
 * colours or retitle the terminal. Newline, carriage return and tab pass: the command line's own
 * lines and progress bar need them; text from inputs is put on one line by {@link Text#oneLine}.
 */
public final class TerminalSafe extends FilterOutputStream {
    private final byte[] pending = new byte[3];
    private int n;

    private TerminalSafe(OutputStream out) {
        super(out);
    }

    public static PrintStream wrap(PrintStream s) {
        return new PrintStream(new TerminalSafe(s), true, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) throws IOException {
        pending[n++] = (byte) b;
        int first = pending[0] & 0xff;
        if (first < 0x80) {
            if (Text.isControl(first) && first != '\n' && first != '\r' && first != '\t') {
                escape(first);
            } else {
                out.write(first);
            }
            n = 0;
        } else if (first == 0xc2) {
            if (n == 2) {
                int c = pending[1] & 0xff;
                if (c >= 0x80 && c <= 0x9f) {
                    escape(c);
                } else {
                    out.write(pending, 0, 2);
                }
                n = 0;
            }
        } else if (first == 0xe2) {
            if (n == 2 && (pending[1] & 0xff) != 0x80 && (pending[1] & 0xff) != 0x81) {
                out.write(pending, 0, 2);
                n = 0;
            } else if (n == 3) {
                int c = 0x2000 | ((pending[1] & 0x3f) << 6) | (pending[2] & 0x3f);
                if (Text.isControl(c)) {
                    escape(c);
                } else {
                    out.write(pending, 0, 3);
                }
                n = 0;
            }
        } else {
            out.write(first);
            n = 0;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (n == 0 && plain(b, off, len)) {
            out.write(b, off, len);
            return;
        }
        for (int i = 0; i < len; i++) {
            write(b[off + i]);
        }
    }

    private static boolean plain(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            int c = b[i] & 0xff;
            if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7f || c == 0xc2 || c == 0xe2) {
                return false;
            }
        }
        return true;
    }

    private void escape(int c) throws IOException {
        out.write(String.format("\\u%04x", c).getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public void close() throws IOException {
        if (n > 0) {
            out.write(pending, 0, n);
            n = 0;
        }
        super.close();
    }
}
