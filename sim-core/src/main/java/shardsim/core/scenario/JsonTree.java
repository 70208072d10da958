package shardsim.core.scenario;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON reader the plan codec ({@link PlanJson}) needs, in the kernel so that a test kit with
 * no JSON library reads back what the codec writes. Strict, as the command line's reader is: one
 * value, nothing after it, no duplicate key, no NaN or comments. Objects are {@link LinkedHashMap}s
 * (file order), arrays {@link List}s, strings {@link String}s, whole numbers {@link Long} (or
 * {@link BigInteger} beyond a long), other numbers {@link Double}, then {@link Boolean} and
 * {@link #NULL}. Every problem is an {@link IllegalArgumentException} naming line and column.
 */
final class JsonTree {
    /** JSON's null (a map may not hold Java's). */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** Deeper than any plan; a guard against a stack overflow on hostile input. */
    private static final int MAX_DEPTH = 64;

    private final String text;
    private final String where;
    private int pos;

    private JsonTree(String text, String where) {
        this.text = text;
        this.where = where;
    }

    /** The one value {@code text} holds; {@code where} names the input in errors. */
    static Object parse(String text, String where) {
        JsonTree p = new JsonTree(text, where);
        p.skipSpace();
        Object v = p.value(0);
        p.skipSpace();
        if (p.pos < text.length()) {
            throw p.error("unexpected text after the JSON value");
        }
        return v;
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object(depth);
            case '[':
                return array(depth);
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", NULL);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected character '" + printable(c) + "'");
        }
    }

    private Map<String, Object> object(int depth) {
        pos++;
        Map<String, Object> out = new LinkedHashMap<>();
        skipSpace();
        if (peek() == '}') {
            pos++;
            return out;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("expected a field name in quotes");
            }
            String key = string();
            if (out.containsKey(key)) {
                throw error("duplicate key '" + key + "'");
            }
            skipSpace();
            expect(':');
            skipSpace();
            out.put(key, value(depth + 1));
            skipSpace();
            char c = peek();
            pos++;
            if (c == '}') {
                return out;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> array(int depth) {
        pos++;
        List<Object> out = new ArrayList<>();
        skipSpace();
        if (peek() == ']') {
            pos++;
            return out;
        }
        while (true) {
            skipSpace();
            out.add(value(depth + 1));
            skipSpace();
            char c = peek();
            pos++;
            if (c == ']') {
                return out;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private String string() {
        pos++;
        StringBuilder b = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                pos--;
                throw error("control character in a string");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    try {
                        b.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    pos += 4;
                }
                default -> {
                    pos--;
                    throw error("bad escape '\\" + printable(e) + "'");
                }
            }
        }
    }

    private Object number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        int digits = digits();
        if (digits == 0) {
            throw error("a number needs digits");
        }
        if (digits > 1 && text.charAt(start + (text.charAt(start) == '-' ? 1 : 0)) == '0') {
            throw error("a number may not start with 0");
        }
        boolean whole = true;
        if (peek() == '.') {
            pos++;
            whole = false;
            if (digits() == 0) {
                throw error("a number needs digits after its point");
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            whole = false;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (digits() == 0) {
                throw error("a number needs digits in its exponent");
            }
        }
        String n = text.substring(start, pos);
        if (whole) {
            BigInteger big = new BigInteger(n);
            return big.bitLength() < 64 ? (Object) big.longValue() : big;
        }
        double d = Double.parseDouble(n);
        if (!Double.isFinite(d)) {
            throw error("number " + n + " is out of range");
        }
        return d;
    }

    private int digits() {
        int n = 0;
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
            pos++;
            n++;
        }
        return n;
    }

    private Object literal(String word, Object v) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected text");
        }
        pos += word.length();
        return v;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        return text.charAt(pos);
    }

    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            pos++;
        }
    }

    private static String printable(char c) {
        return c < 0x20 || c == 0x7f ? String.format(java.util.Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c);
    }

    private IllegalArgumentException error(String what) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < pos && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new IllegalArgumentException(
                where + " is not valid JSON: " + what + " (line " + line + ", column " + column + ")");
    }
}
