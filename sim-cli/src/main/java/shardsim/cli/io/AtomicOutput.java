package shardsim.cli.io;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import shardsim.cli.UserError;

/**
 * An output file written to a temporary file in the same folder and moved into place only when
 * complete, so a failed or interrupted command never leaves a half-written file under the name
 * the user gave. Closing without {@link #commit()} deletes the temporary file.
 */
public final class AtomicOutput implements Closeable {
    private final Path target;
    private final Path temp;
    private final BufferedWriter writer;
    private boolean committed;

    private AtomicOutput(Path target, Path temp) throws IOException {
        this.target = target;
        this.temp = temp;
        this.writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
    }

    /** Checks the folder and creates the temporary file now, before any work is done. */
    public static AtomicOutput create(Path target) {
        Path dir = checkedFolder(target);
        try {
            Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
            return new AtomicOutput(target, temp);
        } catch (AccessDeniedException e) {
            throw new UserError("cannot write " + target + ": folder " + dir + " is not writable");
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
    }

    /** The one-line error for a file that could not be created, naming why in words. */
    public static UserError cannotWrite(Path target, IOException e) {
        String why = e instanceof AccessDeniedException ? "permission denied"
                : e instanceof java.nio.file.NoSuchFileException ? "the folder does not accept new files"
                : e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                : String.valueOf(e.getMessage());
        return new UserError("cannot write " + target + ": " + why, e);
    }

    /** The folder {@code target} will be written in, after checking it exists and is not the target itself. */
    public static Path checkedFolder(Path target) {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        if (dir == null || abs.getFileName() == null) {
            throw new UserError("cannot write " + target + ": not a file path");
        }
        if (!Files.isDirectory(dir)) {
            throw new UserError("cannot write " + target + ": folder " + dir + " does not exist");
        }
        if (Files.isDirectory(abs)) {
            throw new UserError("cannot write " + target + ": it is a folder");
        }
        if (!Files.isWritable(dir)) {
            throw new UserError("cannot write " + target + ": folder " + dir + " is not writable");
        }
        return dir;
    }

    public BufferedWriter writer() {
        return writer;
    }

    public Path folder() {
        return temp.getParent();
    }

    /** Closes the file and moves it into place in one step. */
    public void commit() throws IOException {
        writer.close();
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            try {
                writer.close();
            } finally {
                Files.deleteIfExists(temp);
            }
        }
    }
}
