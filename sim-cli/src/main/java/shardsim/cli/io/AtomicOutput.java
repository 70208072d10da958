package shardsim.cli.io;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import shardsim.cli.base.UserError;

/**
 * An output file written to a temporary file in the same folder and moved into place only when
 * complete, so a failed or interrupted command never leaves a half-written file under the name
 * the user gave. Closing without {@link #commit()} deletes the temporary file, and so does a
 * signal (SIGINT, SIGTERM): every temporary file is known to one shutdown hook until it is
 * committed or closed. Temporary files are created like any new file (the umask decides who may
 * read them), so a committed file has the same permissions as a sweep's result file. Their names
 * are recognisable ({@code .NAME.sim-tmp-PID-N.tmp}); the next command writing NAME removes those
 * a killed process (SIGKILL) left. Only regular files are written: a target that is a device, a
 * pipe, a socket or a link is refused, never replaced.
 */
public final class AtomicOutput implements Closeable {
    private static final Set<Path> LIVE = new LinkedHashSet<>();
    private static final AtomicLong COUNTER = new AtomicLong();
    /** What marks a temporary file of sim's in a folder, after the hidden target's name. */
    public static final String TEMP_MARK = ".sim-tmp-";

    private static boolean hooked;
    /** Commands still writing what they found after a signal; the cleanup hook waits for them. */
    private static int holders;
    /** How long the cleanup hook waits for a command still writing before it removes temporary files anyway. */
    private static final long HOLD_WAIT_MILLIS = 60_000;

    private final Path target;
    private final Path temp;
    private final BufferedWriter writer;
    private boolean committed;

    private AtomicOutput(Path target, Path temp) throws IOException {
        this.target = target;
        this.temp = temp;
        this.writer = Disk.writer(temp, target);
    }

    /**
     * Checks that {@code target} may be written (its folder exists and is writable, it is not an
     * input of the command, and it does not exist unless {@code force}), then creates the
     * temporary file, all before any work is done.
     */
    public static AtomicOutput create(Path target, boolean force, Collection<Path> inputs) {
        checkTarget(target, force, inputs);
        return create(target);
    }

    /** The checks of {@link #create(Path, boolean, Collection)} alone. */
    public static void checkTarget(Path target, boolean force, Collection<Path> inputs) {
        regularOrAbsent(target);
        checkedFolder(target);
        for (Path in : inputs) {
            if (in != null && same(target, in)) {
                throw new UserError("cannot write " + target + ": it is an input of this command");
            }
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            regularOrAbsent(target);
            if (!force) {
                throw new UserError(target + " already exists (add --force to overwrite it)");
            }
        }
    }

    /**
     * Refuses a target that exists and is not a regular file (a device, a pipe, a socket, a
     * symbolic link): moving a file over it would replace it, not write into it.
     */
    public static void regularOrAbsent(Path target) {
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new UserError("cannot write " + target + ": it is " + kind(target)
                    + ", not a regular file; sim writes only regular files");
        }
    }

    /** What a path that is not a regular file is, in words. */
    public static String kind(Path p) {
        if (Files.isSymbolicLink(p)) {
            return "a symbolic link";
        }
        if (Files.isDirectory(p)) {
            return "a folder";
        }
        return Files.exists(p) ? "a device, pipe or socket" : "absent";
    }

    /**
     * Refuses to read {@code path} unless it is a regular file (links to one are fine): a device or
     * a pipe may never end, or end differently the next time.
     *
     * @param what how errors name the file ("plan p.json")
     */
    public static void readable(Path path, String what) {
        if (!Files.exists(path)) {
            if (Files.isSymbolicLink(path)) {
                throw new UserError(what + " is a symbolic link to nothing");
            }
            throw new UserError(what + " does not exist");
        }
        if (Files.isDirectory(path)) {
            throw new UserError(what + " is a folder, not a file");
        }
        if (!Files.isRegularFile(path)) {
            throw new UserError(what + " is not a regular file (a device, pipe or socket); give the path of a file");
        }
    }

    /** Refuses two outputs of one command that name the same file. */
    public static void distinct(String what, Path... outputs) {
        List<Path> seen = new ArrayList<>();
        for (Path p : outputs) {
            if (p == null) {
                continue;
            }
            for (Path q : seen) {
                if (same(p, q)) {
                    throw new UserError(what + ": two outputs name the same file " + p);
                }
            }
            seen.add(p);
        }
    }

    private static boolean same(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // Fall back to comparing names.
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** Checks the folder and creates the temporary file now (overwriting {@code target} on commit). */
    public static AtomicOutput create(Path target) {
        Path dir = checkedFolder(target);
        Path temp = null;
        try {
            makeFolder(dir);
            temp = newTemp(dir, target, ".tmp");
            return new AtomicOutput(target, temp);
        } catch (AccessDeniedException e) {
            forget(temp);
            throw new UserError("cannot write " + target + ": folder " + dir + " is not writable");
        } catch (IOException e) {
            forget(temp);
            throw cannotWrite(target, e);
        }
    }

    /** A new empty hidden file beside {@code target}, deleted on a signal until {@link #forget}. */
    public static Path newTemp(Path dir, Path target, String suffix) throws IOException {
        hook();
        removeStale(dir, target);
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve(
                    tempPrefix(target) + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + suffix);
            synchronized (LIVE) {
                LIVE.add(p);
            }
            try {
                return Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                synchronized (LIVE) {
                    LIVE.remove(p);
                }
                if (attempt > 100) {
                    throw e;
                }
            } catch (IOException e) {
                synchronized (LIVE) {
                    LIVE.remove(p);
                }
                throw e;
            }
        }
    }

    /** How every temporary file of {@code target} starts: hidden, then the name, then ".sim-tmp-" (the PID and a counter follow). */
    static String tempPrefix(Path target) {
        return "." + target.getFileName() + TEMP_MARK;
    }

    /**
     * Deletes the temporary files of {@code target} that a process killed outright (SIGKILL, power
     * loss) left behind: those whose process is no longer running. Files of a live process are
     * its own business.
     */
    static void removeStale(Path dir, Path target) {
        String prefix = tempPrefix(target);
        try (DirectoryStream<Path> in =
                Files.newDirectoryStream(dir, p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path p : in) {
                String rest = p.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                if (dash <= 0 || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(rest.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid != ProcessHandle.current().pid()
                        && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                if (pid != ProcessHandle.current().pid()) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | SecurityException e) {
            // Best effort: a leftover costs disk space, not correctness.
        }
    }

    /** Deletes a temporary file (if it is still there) and stops tracking it. */
    public static void forget(Path temp) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // Best effort: the name is hidden and unique.
        }
        synchronized (LIVE) {
            LIVE.remove(temp);
        }
    }

    private static synchronized void hook() {
        if (hooked) {
            return;
        }
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(AtomicOutput::removeLive, "sim-temp-cleanup"));
            hooked = true;
        } catch (IllegalStateException shuttingDown) {
            // The JVM is stopping on a signal: the command still writes what it found, and its
            // own close removes the temporary file if the write does not complete.
        }
    }

    /**
     * A command that writes what it found after a signal holds the cleanup until it is done: the
     * JVM runs its shutdown hooks at once and in no order, and without this the cleanup could
     * delete a temporary file the command is about to move into place. Pair with
     * {@link #releaseCleanup}.
     */
    public static void holdCleanup() {
        synchronized (LIVE) {
            holders++;
        }
    }

    /** The command that called {@link #holdCleanup} is done writing: the cleanup may go on. */
    public static void releaseCleanup() {
        synchronized (LIVE) {
            if (holders > 0) {
                holders--;
            }
            LIVE.notifyAll();
        }
    }

    private static void removeLive() {
        synchronized (LIVE) {
            long until = System.nanoTime() + HOLD_WAIT_MILLIS * 1_000_000L;
            while (holders > 0) {
                long leftNanos = until - System.nanoTime();
                if (leftNanos <= 0) {
                    break;
                }
                try {
                    LIVE.wait(Math.max(1, leftNanos / 1_000_000L));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        List<Path> left;
        synchronized (LIVE) {
            left = new ArrayList<>(LIVE);
        }
        for (Path p : left) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // Nothing more to do while the JVM stops.
            }
        }
    }

    /** The one-line error for a file that could not be created, naming why in words. */
    public static UserError cannotWrite(Path target, IOException e) {
        String why = e instanceof java.nio.file.NoSuchFileException
                ? "the folder does not accept new files (removed meanwhile?)"
                : IoFailure.why(e);
        return new UserError("cannot write " + target + ": " + why, e);
    }

    /** The folder {@code target} will be written in, after checking it exists and is not the target itself. */
    public static Path checkedFolder(Path target) {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        if (dir == null || abs.getFileName() == null) {
            throw new UserError("cannot write " + target + ": not a file path");
        }
        if (Files.isDirectory(abs)) {
            throw new UserError("cannot write " + target + ": it is a folder");
        }
        checkFolder(dir, "cannot write " + target + ": ");
        return dir;
    }

    /**
     * The one rule every command follows for an output folder: it is used if it exists and is
     * writable, and made (when the first file is written, {@link #makeFolder}) if it is missing
     * and its parent is a writable folder. A missing parent is refused: a typo in a path makes
     * one stray folder at most.
     *
     * @param prefix what the message starts with ("cannot write t.json: ")
     */
    public static void checkFolder(Path dir, String prefix) {
        if (Files.isDirectory(dir)) {
            if (!Files.isWritable(dir)) {
                throw new UserError(prefix + "folder " + dir + " is not writable");
            }
            return;
        }
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new UserError(prefix + dir + " is not a folder");
        }
        Path parent = dir.toAbsolutePath().normalize().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new UserError(prefix + "folder " + dir
                    + " does not exist, nor does its parent (sim makes a missing folder only inside one that exists)");
        }
        if (!Files.isWritable(parent)) {
            throw new UserError(prefix + "folder " + dir + " does not exist and " + parent + " is not writable");
        }
    }

    /** Makes {@code dir} if it is missing (its parent exists: {@link #checkFolder}); returns whether it made it. */
    public static boolean makeFolder(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return false;
        }
        try {
            Files.createDirectory(dir);
            return true;
        } catch (FileAlreadyExistsException e) {
            if (Files.isDirectory(dir)) {
                return false;
            }
            throw e;
        }
    }

    public BufferedWriter writer() {
        return writer;
    }

    /** The name the user gave. */
    public Path target() {
        return target;
    }

    public Path folder() {
        return temp.getParent();
    }

    /** Closes the file and moves it into place in one step. */
    public void commit() throws IOException {
        writer.close();
        // Checked again at the last moment: something else may have been put there meanwhile.
        regularOrAbsent(target);
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
        forget(temp);
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            try {
                writer.close();
            } catch (IOException e) {
                // Closing a file being dropped: its failure (a full disk again) says nothing new.
            } finally {
                forget(temp);
            }
        }
    }
}
