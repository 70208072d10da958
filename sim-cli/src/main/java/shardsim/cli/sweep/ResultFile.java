package shardsim.cli.sweep;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;
import shardsim.cli.UserError;

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
        if (Files.isDirectory(path)) {
            throw new UserError("result file " + name + " is a folder");
        }
        try {
            long size = Files.size(path);
            long complete = completeLength(path, size);
            long results = 0;
            long lineNo = 0;
            long bytes = 0;
            try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    lineNo++;
                    bytes += line.getBytes(StandardCharsets.UTF_8).length + 1;
                    if (bytes > complete) {
                        break;
                    }
                    if (line.isBlank()) {
                        continue;
                    }
                    sink.accept(SeedResult.parse(line, "result file " + name + " line " + lineNo));
                    results++;
                }
            }
            return new Read(results, complete, complete < size);
        } catch (NoSuchFileException e) {
            throw new UserError("result file " + name + " does not exist");
        } catch (MalformedInputException e) {
            throw new UserError("result file " + name + " is not a text file");
        } catch (IOException e) {
            throw new UserError("cannot read result file " + name + ": " + e.getMessage());
        }
    }

    /** The offset just after the last newline (0 if there is none). */
    private static long completeLength(Path path, long size) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "r")) {
            long pos = size;
            byte[] buf = new byte[8192];
            while (pos > 0) {
                int n = (int) Math.min(buf.length, pos);
                f.seek(pos - n);
                f.readFully(buf, 0, n);
                for (int i = n - 1; i >= 0; i--) {
                    if (buf[i] == '\n') {
                        return pos - n + i + 1;
                    }
                }
                pos -= n;
            }
            return 0;
        }
    }

    /** Cuts a partial last line off so that appending starts on a fresh line. */
    public static void truncate(Path path, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(length);
        }
    }
}
