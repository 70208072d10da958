import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Rewrites docs/figures.md from scripts/figures.tsv: every published figure as one row (what,
 * value, command, commit, date). Each row of the list names a command that prints JSON and a
 * template of its value; a row measured now gets the value, this checkout's commit and today's
 * date, a row not measured keeps the value, commit and date the table had (measured then). Run
 * through scripts/figures, which builds the jar first:
 *
 * <pre>
 * scripts/figures                 # every row (the 100,000-seed sweeps take hours)
 * scripts/figures --only ID...    # the rows a change moved
 * scripts/figures --list          # the ids, with their commands
 * </pre>
 *
 * A template is text with {/json/pointer} into the command's output ({/p|0} when absent; a *
 * segment maps over an array and joins with ", "; an object prints as "key value, ...").
 * A row whose template is "by hand" is measured by the command in its row, not by this script.
 */
public class Figures {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern FIELD = Pattern.compile("\\{(/[^}|]*)(?:\\|([^}]*))?\\}");

    record Figure(String id, String what, String template, String command) {
    }

    record Measured(String value, String commit, String date) {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".").toAbsolutePath().normalize();
        List<Figure> list = read(root.resolve("scripts/figures.tsv"));
        Path table = root.resolve("docs/figures.md");
        Map<String, Measured> known = Files.exists(table) ? measured(Files.readString(table)) : new LinkedHashMap<>();
        Set<String> only = new LinkedHashSet<>();
        boolean all = true;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--list")) {
                list.forEach(f -> System.out.println(f.id() + "\t" + f.command()));
                return;
            } else if (args[i].equals("--only")) {
                all = false;
            } else if (!all && !args[i].startsWith("-")) {
                only.add(args[i]);
            } else {
                System.err.println("usage: scripts/figures [--only ID...] | --list");
                System.exit(2);
            }
        }
        for (String id : only) {
            if (list.stream().noneMatch(f -> f.id().equals(id))) {
                System.err.println("figures: no figure " + id + " in scripts/figures.tsv (scripts/figures --list)");
                System.exit(2);
            }
        }
        String commit = commit(root);
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        for (Figure f : list) {
            if (!all && !only.contains(f.id())) {
                continue;
            }
            if (f.template().equals("by hand")) {
                if (!all) {
                    System.err.println("figures: " + f.id() + " is measured by hand: run " + f.command() + " and update its row");
                    System.exit(2);
                }
                continue;
            }
            System.err.println("figures: " + f.id() + ": " + f.command());
            String out = run(root, f.command());
            String value = value(f.template(), JSON.readTree(out));
            System.err.println("figures: " + f.id() + " = " + value);
            known.put(f.id(), new Measured(value, commit, date));
            Files.writeString(table, render(list, known), StandardCharsets.UTF_8);
        }
        Files.writeString(table, render(list, known), StandardCharsets.UTF_8);
    }

    static List<Figure> read(Path tsv) throws IOException {
        List<Figure> out = new ArrayList<>();
        for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length != 4) {
                throw new IllegalArgumentException("scripts/figures.tsv: expected id, what, value template, command (tab-separated): " + line);
            }
            out.add(new Figure(f[0], f[1], f[2], f[3]));
        }
        return out;
    }

    /** The value, commit and date of each row of the table as it stands. */
    static Map<String, Measured> measured(String table) {
        Map<String, Measured> out = new LinkedHashMap<>();
        for (String line : table.split("\n")) {
            if (!line.startsWith("| <a id=")) {
                continue;
            }
            String[] cells = line.substring(2, line.length() - 2).split(" \\| ", -1);
            String id = cells[0].replaceAll("^<a id=\"([^\"]+)\"></a>.*$", "$1");
            if (!cells[2].equals("not measured")) {
                out.put(id, new Measured(cells[2], cells[4].replace("`", ""), cells[5]));
            }
        }
        return out;
    }

    static String render(List<Figure> list, Map<String, Measured> known) {
        StringBuilder b = new StringBuilder();
        b.append("# Figures\n\n")
                .append("Every figure the docs publish, one row each: what it counts, its value, the command that measures it, and the commit and\n")
                .append("date it was measured at. Written by `scripts/figures` from the list in `scripts/figures.tsv`; do not edit by hand.\n")
                .append("After a change that moves a figure, re-measure its rows: `scripts/figures --only ID...` (row ids are the first column;\n")
                .append("other pages link to `figures.md#ID`). A row keeps the commit it was measured at: a figure measured on older code says so.\n\n")
                .append("| id | what | value | command | commit | date |\n|---|---|---|---|---|---|\n");
        for (Figure f : list) {
            Measured m = known.get(f.id());
            b.append("| <a id=\"").append(f.id()).append("\"></a>").append(f.id()).append(" | ").append(f.what()).append(" | ")
                    .append(m == null ? "not measured" : m.value()).append(" | `").append(f.command()).append("` | ")
                    .append(m == null ? "" : "`" + m.commit() + "`").append(" | ").append(m == null ? "" : m.date()).append(" |\n");
        }
        return b.toString();
    }

    static String value(String template, JsonNode json) {
        Matcher m = FIELD.matcher(template);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String v = at(json, m.group(1));
            if (v == null) {
                if (m.group(2) == null) {
                    throw new IllegalArgumentException("no " + m.group(1) + " in the command's output");
                }
                v = m.group(2);
            }
            m.appendReplacement(b, Matcher.quoteReplacement(v));
        }
        m.appendTail(b);
        return b.toString();
    }

    /** The text at a pointer; a "*" segment maps the rest over an array's elements. */
    static String at(JsonNode node, String pointer) {
        int star = pointer.indexOf("/*");
        if (star < 0) {
            JsonNode n = node.at(pointer);
            if (n.isMissingNode() || n.isNull()) {
                return null;
            }
            if (n.isObject()) {
                List<String> parts = new ArrayList<>();
                n.properties().forEach(e -> parts.add(e.getKey() + " " + (e.getValue().isObject() && e.getValue().has("runs")
                        ? e.getValue().get("runs").asString() + " runs, first seed " + e.getValue().path("firstSeed").asString()
                        : e.getValue().asString())));
                return parts.isEmpty() ? null : String.join(", ", parts);
            }
            return n.isValueNode() ? n.asString() : n.toString();
        }
        JsonNode array = node.at(pointer.substring(0, star));
        List<String> parts = new ArrayList<>();
        for (JsonNode e : array) {
            String v = at(e, pointer.substring(star + 2));
            if (v != null) {
                parts.add(v);
            }
        }
        return parts.isEmpty() ? null : String.join(", ", parts);
    }

    /** The command's stdout; it runs from the root through bash, so it is exactly what the table shows. */
    static String run(Path root, String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", command).directory(root.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int code = p.waitFor();
        if (code != 0 && code != 1) {
            throw new IllegalStateException("exit " + code + ": " + command);
        }
        return out;
    }

    /** This checkout's commit, marked when the code differs from it (docs and figures aside). */
    static String commit(Path root) throws IOException, InterruptedException {
        String head = git(root, "rev-parse", "--short", "HEAD").strip();
        String changed = git(root, "status", "--porcelain", "--", "pom.xml", "sim-core", "sim-scenarios", "sim-cli/src/main", "sim-cli/pom.xml");
        return changed.isBlank() ? head : head + "+changes";
    }

    private static String git(Path root, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(root.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }
}
