package shardsim.cli.io;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * The one way the command line writes bytes to a file: every failure comes out as a
 * {@link FailedWrite} naming the file the user gave (not a temporary name), and tests can make
 * the disk fail ({@link #inject}) the way a full file system does, since CI cannot mount one.
 */
public final class Disk {
    /** A fault a test puts under every write. */
    public interface Faults {
        /** Called before {@code bytes} are written to {@code file}; throw to fail the write. */
        void beforeWrite(Path file, int bytes) throws IOException;
    }

    private static volatile Faults faults;

    private Disk() {}

    /** For tests: fail writes as {@code f} says; null to stop. */
    public static void inject(Faults f) {
        faults = f;
    }

    /**
     * A test's full disk: writes succeed until {@code bytes} more bytes have been written, then fail
     * as Linux's ENOSPC does.
     */
    public static Faults fullAfter(long bytes) {
        long[] left = {bytes};
        return (file, n) -> {
            synchronized (left) {
                if (left[0] < n) {
                    left[0] = 0;
                    throw new java.nio.file.FileSystemException(file.toString(), null, "No space left on device");
                }
                left[0] -= n;
            }
        };
    }

    /** A text writer to {@code file} (opened with {@code options}); its failures name {@code shown}. */
    public static BufferedWriter writer(Path file, Path shown, OpenOption... options) throws IOException {
        return text(Files.newOutputStream(file, options), file, shown);
    }

    /** A text writer at the channel's position; its failures name {@code shown}. */
    public static BufferedWriter writer(FileChannel channel, Path file, Path shown) {
        return text(Channels.newOutputStream(channel), file, shown);
    }

    private static BufferedWriter text(OutputStream raw, Path file, Path shown) {
        return new BufferedWriter(new OutputStreamWriter(new Named(raw, file, shown), StandardCharsets.UTF_8));
    }

    private static final class Named extends FilterOutputStream {
        private final Path file;
        private final Path shown;

        Named(OutputStream out, Path file, Path shown) {
            super(out);
            this.file = file;
            this.shown = shown;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                Faults f = faults;
                if (f != null) {
                    f.beforeWrite(file, len);
                }
                out.write(b, off, len);
            } catch (FailedWrite e) {
                throw e;
            } catch (IOException e) {
                throw new FailedWrite(shown, e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw new FailedWrite(shown, e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                out.close();
            } catch (IOException e) {
                throw new FailedWrite(shown, e);
            }
        }
    }
}
