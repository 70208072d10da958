package shardsim.cli.report;

/** Escaping for text that came from a run (trace details, messages, parameters). */
public final class Html {
    private Html() {}

    /** Escapes for HTML and SVG text and attribute values. */
    public static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    // Control characters have no business in a page; show them as a visible mark.
                    if (c < 0x20 && c != '\n' && c != '\t') {
                        b.append('\uFFFD');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** Shortens to {@code max} characters, marking the cut. */
    public static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, Math.max(0, max - 1)) + "\u2026";
    }
}
