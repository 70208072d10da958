package shardsim.cli.sweep;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;
import shardsim.cli.base.UserError;
import shardsim.cli.io.InputLimits;
import shardsim.cli.io.LineReader;

/**
 * Reads a sweep result file (one {@link SeedResult} per line). A sweep killed mid-write can leave
 * a last line without its newline; that line is reported as {@link Read#partialTail} and skipped,
 * and {@code --resume} cuts it off before appending.
 */
public final class ResultFile {
    /**
     * @param results how many complete results the file holds
     * @param completeBytes the length of the file up to the end of its last complete line
     * @param partialTail whether a partial last line follows
     */
    public record Read(long results, long completeBytes, boolean partialTail) {
    }

    private ResultFile() {
    }

    public static Read read(Path path, Consumer<SeedResult> sink) {
        String name = path.toString();
        String what = "result file " + name;
        if (Files.isDirectory(path)) {
            throw new UserError(what + " is a folder");
        }
        try (LineReader in = new LineReader(Files.newInputStream(path), what, InputLimits.RESULT_LINE_BYTES)) {
            long results = 0;
            String line;
            while ((line = in.next()) != null) {
                if (in.partialTail() || line.isBlank()) {
                    continue;
                }
                sink.accept(SeedResult.parse(line, what + " line " + in.lineNo()));
                results++;
            }
            return new Read(results, in.completeBytes(), in.partialTail());
        } catch (NoSuchFileException e) {
            throw new UserError(what + " does not exist");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new UserError(what + " cannot be read: permission denied");
        } catch (IOException e) {
            throw new UserError("cannot read " + what + ": " + shardsim.cli.io.Text.oneLine(String.valueOf(e.getMessage())));
        }
    }

    /** Cuts a partial last line off so that appending starts on a fresh line. */
    public static void truncate(Path path, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(length);
        }
    }
}
