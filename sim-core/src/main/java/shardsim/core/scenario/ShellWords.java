package shardsim.core.scenario;

/**
 * Quotes words for a POSIX shell, so a printed command pastes back as exactly these words:
 * plain words as they are, others in single quotes, and words with control characters in
 * {@code $'...'} with escapes (a newline in a plan's path must not end the pasted command).
 */
public final class ShellWords {
    private ShellWords() {}

    /** The words joined by spaces, each quoted as needed. */
    public static String join(String... words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(quote(w));
        }
        return b.toString();
    }

    /** One word for a POSIX shell: as is when it is safe, in single quotes otherwise. */
    public static String quote(String w) {
        if (!w.isEmpty() && w.chars().allMatch(ShellWords::plain)) {
            return w;
        }
        if (w.chars().noneMatch(c -> c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f))) {
            return "'" + w.replace("'", "'\\''") + "'";
        }
        StringBuilder b = new StringBuilder("$'");
        for (int i = 0; i < w.length(); i++) {
            char c = w.charAt(i);
            if (c == '\\' || c == '\'') {
                b.append('\\').append(c);
            } else if (c == '\n') {
                b.append("\\n");
            } else if (c == '\t') {
                b.append("\\t");
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('\'').toString();
    }

    private static boolean plain(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-_./:=@%+,".indexOf(c) >= 0;
    }
}
