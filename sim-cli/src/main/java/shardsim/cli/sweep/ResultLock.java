package shardsim.cli.sweep;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import shardsim.cli.base.UserError;

/**
 * The operating system's lock on a result file, held from before a sweep reads it (for
 * {@code --resume}) until it closes it: a second sweep, or a {@code --resume} of a sweep still
 * running, is refused in one line instead of writing seed lines between the first one's.
 */
public final class ResultLock {
    /** Work done while the lock is held. */
    public interface Body<T> {
        T run() throws IOException;
    }

    private ResultLock() {}

    /** Takes the lock on {@code channel} (released when it closes) and runs {@code body}, or refuses. */
    public static <T> T locked(FileChannel channel, Path file, Body<T> body) throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            throw new UserError(
                    file + " is being written by another sim sweep right now (it is locked); wait for that one to end, "
                            + "or continue it with --resume once it has stopped");
        }
        return body.run();
    }
}
