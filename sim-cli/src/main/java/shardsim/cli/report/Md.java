package shardsim.cli.report;

/** Escaping for text that came from a run when it goes into Markdown. */
public final class Md {
    private Md() {}

    /** Prose: characters Markdown or HTML would interpret are escaped. */
    public static String text(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ("\\`*_[]<>|#!~".indexOf(c) >= 0) {
                b.append('\\');
            }
            b.append(c == '\n' ? ' ' : c);
        }
        return b.toString();
    }

    /** A table cell. */
    public static String cell(String s) {
        return text(s);
    }

    /** A line inside a fenced code block: only a fence could end it early. */
    static String fence(String s) {
        return s.replace("```", "`\u200b``").replace('\n', ' ');
    }
}
