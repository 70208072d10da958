package shardsim.cli.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import shardsim.cli.base.UserError;
import shardsim.cli.io.InputLimits;
import shardsim.cli.io.Json;
import shardsim.cli.io.LineReader;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads a sweep result file: a {@link ResultHeader} line, then {@link SeedResult} lines with a
 * {@link Checkpoint} line after each batch. A sweep killed mid-write can leave a last line
 * without its newline; that line is reported as {@link Read#partialTail} and skipped, and
 * {@code --resume} cuts it off before appending.
 */
public final class ResultFile {
    /** What a reader does with the file's content, in file order. */
    public interface Sink {
        /** The header, before any seed; throw a {@link UserError} to refuse the file. */
        default void header(ResultHeader header) {}

        /** A checkpoint and the seeds it covers. */
        void checkpoint(List<SeedResult> seeds, Checkpoint checkpoint);
    }

    /**
     * @param header the header, or null if the file holds no complete line
     * @param tail the seeds after the last checkpoint (their latencies are not in the file)
     * @param completeBytes the length of the file up to the end of its last complete line
     * @param partialTail whether a partial last line follows
     */
    public record Read(ResultHeader header, List<SeedResult> tail, long completeBytes, boolean partialTail) {}

    private ResultFile() {}

    public static Read read(Path path, Sink sink) {
        String what = "result file " + path;
        shardsim.cli.io.AtomicOutput.readable(path, what);
        try (InputStream stream = Files.newInputStream(path)) {
            return read(stream, path.toString(), sink);
        } catch (NoSuchFileException e) {
            throw new UserError(what + " does not exist");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new UserError(what + " cannot be read: permission denied");
        } catch (IOException e) {
            throw new UserError("cannot read " + what + ": " + shardsim.cli.io.IoFailure.why(e));
        }
    }

    /** Reads from {@code stream} (not closed here), naming the file {@code name} in errors. */
    public static Read read(InputStream stream, String name, Sink sink) {
        String what = "result file " + name;
        try (LineReader in = new LineReader(
                new java.io.FilterInputStream(stream) {
                    @Override
                    public void close() {
                        // The caller owns the stream (a sweep keeps its locked channel open).
                    }
                },
                what,
                InputLimits.RESULT_LINE_BYTES)) {
            ResultHeader header = null;
            SeedRange range = null;
            Shard shard = null;
            BitSet seen = new BitSet();
            List<SeedResult> pending = new ArrayList<>();
            String line;
            while ((line = in.next()) != null) {
                if (in.partialTail()) {
                    continue;
                }
                String where = what + " line " + in.lineNo();
                if (header == null) {
                    header = ResultHeader.parse(line, what);
                    range = SeedRange.parse(header.sweep().seeds());
                    shard = Shard.parse(header.sweep().shard());
                    sink.header(header);
                    continue;
                }
                ObjectNode o = Json.object(line, where);
                if (SeedResult.isSeedLine(o)) {
                    SeedResult r = SeedResult.parse(o, where);
                    long offset = r.seed() - range.first();
                    if (!range.contains(r.seed()) || !shard.owns(offset)) {
                        throw new UserError(where + " holds seed " + r.seed() + ", which is not in seeds " + range
                                + " shard " + shard);
                    }
                    if (seen.get((int) offset)) {
                        throw new UserError(where + " holds seed " + r.seed() + " a second time");
                    }
                    seen.set((int) offset);
                    if (pending.size() == Checkpoint.MAX_SEEDS) {
                        throw new UserError(where + ": more than " + Checkpoint.MAX_SEEDS
                                + " seed lines without a checkpoint line");
                    }
                    pending.add(r);
                } else {
                    Checkpoint c = Checkpoint.parse(o, where);
                    if (c.seeds() != pending.size()) {
                        throw new UserError(where + " is a checkpoint of " + c.seeds() + " seeds after "
                                + pending.size() + " seed lines: the file was edited");
                    }
                    sink.checkpoint(List.copyOf(pending), c);
                    pending.clear();
                }
            }
            return new Read(header, List.copyOf(pending), in.completeBytes(), in.partialTail());
        } catch (IOException e) {
            throw new UserError("cannot read " + what + ": " + shardsim.cli.io.IoFailure.why(e));
        }
    }

    /** Cuts a partial last line off so that appending starts on a fresh line. */
    public static void truncate(Path path, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(length);
        }
    }
}
