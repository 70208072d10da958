package shardsim.cli.io;

/** Text from inputs made safe for a terminal line: control characters become escapes. */
public final class Text {
    private Text() {}

    /** Escapes every control character, newlines included, so the text stays on one line and cannot drive the terminal. */
    public static String oneLine(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String esc = c == '\n'
                    ? "\\n"
                    : c == '\r' ? "\\r" : c == '\t' ? "\\t" : isControl(c) ? String.format("\\u%04x", (int) c) : null;
            if (esc != null && b == null) {
                b = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (b != null) {
                if (esc != null) {
                    b.append(esc);
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }

    /** C0 and C1 controls and DEL; also the bidirectional overrides that reorder what a terminal shows. */
    public static boolean isControl(int c) {
        return c < 0x20
                || c == 0x7f
                || (c >= 0x80 && c <= 0x9f)
                || (c >= 0x202a && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069);
    }

    /**
     * A message on one line without the command's name in front, for a caller that puts it there:
     * "sim run: sim run: ..." says the name twice.
     */
    public static String unprefixed(String name, String message) {
        String m = oneLine(String.valueOf(message));
        while (m.startsWith(name + ": ")) {
            m = m.substring(name.length() + 2);
        }
        return m;
    }
}
