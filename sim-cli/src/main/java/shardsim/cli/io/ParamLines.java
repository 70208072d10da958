package shardsim.cli.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run's parameters as {@code name = value} lines for people: a value a scenario recorded as a
 * Java record's text ({@code FaultIntensity[partitionsPerMinute=0.0, ...]}) becomes one line per
 * component ({@code faults.partitionsPerMinute = 0.0}), nested records too. The recorded text
 * itself (in traces and digests) is not changed.
 */
public final class ParamLines {
    private static final Pattern RECORD = Pattern.compile("^[A-Z][A-Za-z0-9_]*\\[(.*)\\]$", Pattern.DOTALL);
    private static final Pattern COMPONENT = Pattern.compile("^([a-z][A-Za-z0-9_]*)=(.*)$", Pattern.DOTALL);

    private ParamLines() {}

    /** Name to value, record texts spread over their components. */
    public static Map<String, String> of(Map<String, String> params) {
        Map<String, String> out = new LinkedHashMap<>();
        params.forEach((k, v) -> spread(k, v, out));
        return out;
    }

    private static void spread(String name, String value, Map<String, String> out) {
        Matcher m = RECORD.matcher(value);
        if (m.matches()) {
            List<String> parts = split(m.group(1));
            List<String[]> components = new ArrayList<>();
            for (String p : parts) {
                Matcher c = COMPONENT.matcher(p);
                if (!c.matches()) {
                    out.put(name, value);
                    return;
                }
                components.add(new String[] {c.group(1), c.group(2)});
            }
            if (!components.isEmpty()) {
                for (String[] c : components) {
                    spread(name + "." + c[0], c[1], out);
                }
                return;
            }
        }
        out.put(name, value);
    }

    /** Splits at ", " outside brackets. */
    private static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[' || c == '(' || c == '{') {
                depth++;
            } else if (c == ']' || c == ')' || c == '}') {
                depth--;
            } else if (c == ',' && depth == 0 && i + 1 < s.length() && s.charAt(i + 1) == ' ') {
                out.add(s.substring(from, i));
                from = i + 2;
                i++;
            }
        }
        if (from < s.length()) {
            out.add(s.substring(from));
        }
        return out;
    }
}
