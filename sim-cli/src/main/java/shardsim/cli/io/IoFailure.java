package shardsim.cli.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * A failure of the machine below a command (a full disk, a folder made read-only, a file removed
 * while the command ran) in one line of the project's words: the user's to fix, so exit 2 and
 * no stack trace. The one place that turns an {@link IOException} into words.
 */
public final class IoFailure {
    private IoFailure() {}

    /** The I/O failure at the root of {@code t} in one line, or null when none is. */
    public static String oneLine(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof UncheckedIOException u
                    && u.getMessage() != null
                    && u.getMessage().startsWith("cannot ")) {
                return Text.oneLine(u.getMessage());
            }
            if (c instanceof FailedWrite w) {
                return Text.oneLine(w.getMessage());
            }
            if (c instanceof IOException io) {
                return describe(io);
            }
        }
        return null;
    }

    /** "FILE: why", in words a user can act on. */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException f) {
            String file = f.getFile() == null ? "" : f.getFile() + ": ";
            return Text.oneLine("cannot use " + file + why(e));
        }
        return Text.oneLine("file system error: " + why(e));
    }

    /** Why, without the file's name. */
    public static String why(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "it does not exist (removed while the command ran?)";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "it exists already";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "a folder that is not empty";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return String.valueOf(e.getMessage());
    }
}
