package shardsim.cli.sweep;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Which sweep a result file belongs to, written in its header so that {@code --resume} and
 * {@code summarize} compare content, not names: a digest of the plan's contents (a plan file's
 * link, faults and workload; a built-in plan's name), the seed range and the shard.
 *
 * @param planDigest the plan's content digest (16 hex digits)
 * @param seeds the sweep's whole seed range, {@code A..B}
 * @param shard the piece of the range, {@code I/N}
 */
public record SweepOf(String planDigest, String seeds, String shard) {

    /** The digest of a plan: {@code content} is a plan file's canonical JSON, or null for a built-in plan named {@code name}. */
    public static String digest(String name, String content) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] h =
                    sha.digest((content == null ? "built-in plan " + name : content).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
