package shardsim.cli.io;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * The checksum chain of a trace file, so a file can be checked against itself before a replay
 * blames the simulator: every line ends with {@code "c"}, a CRC-32C of the line without it and of
 * the line before's {@code "c"}. An edited line breaks the chain at that line, a moved line where
 * it left; the header's {@code lastCheck} pins the end, so lost lines show too.
 */
public final class LineCheck {
    /** The field every line ends with. */
    public static final String FIELD = "c";

    private static final Pattern SUFFIX = Pattern.compile(",\"c\":\"([0-9a-f]{8})\"}$");

    private LineCheck() {}

    /** The check of a line's JSON {@code body} (without the field) that follows the check {@code previous}. */
    public static String next(String previous, String body) {
        CRC32C crc = new CRC32C();
        crc.update(previous.getBytes(StandardCharsets.US_ASCII));
        crc.update('\n');
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return String.format("%08x", crc.getValue());
    }

    /** The line as written: {@code body} (one JSON object) with {@code "c": check} appended. */
    public static String seal(String body, String check) {
        if (!body.endsWith("}") || body.equals("{}")) {
            throw new IllegalArgumentException("not a JSON object with fields: " + body);
        }
        return body.substring(0, body.length() - 1) + ",\"" + FIELD + "\":\"" + check + "\"}";
    }

    /** The check a line carries, or null if it carries none. */
    public static String carried(String line) {
        Matcher m = SUFFIX.matcher(line);
        return m.find() ? m.group(1) : null;
    }

    /** The line without its check, as it was hashed. */
    public static String body(String line) {
        return line.substring(0, line.length() - 16) + "}";
    }
}
