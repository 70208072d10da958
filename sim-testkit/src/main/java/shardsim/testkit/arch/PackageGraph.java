package shardsim.testkit.arch;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which packages under a root package use which, read from the sources: every mention of a class
 * of another package under the root (an import, a static import, a qualified name in code),
 * outside comments, strings, text blocks and char literals. For architecture tests: no cycle, a
 * leaf package, layers that point one way. Reading sources rather than class files keeps it free
 * of a bytecode library and sees what the compiler inlines (constants).
 */
public final class PackageGraph {
    private final String root;
    private final Map<String, Set<String>> uses;

    private PackageGraph(String root, Map<String, Set<String>> uses) {
        this.root = root;
        this.uses = uses;
    }

    /**
     * Reads every {@code .java} file under {@code sources} (a source root such as
     * {@code src/main/java}) in the folder of {@code root} and below.
     */
    public static PackageGraph read(Path sources, String root) throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(sources.resolve(root.replace('.', '/')))) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path f : files) {
            String pkg = sources.relativize(f.getParent()).toString().replace(File.separatorChar, '.');
            Set<String> to = uses.computeIfAbsent(pkg, k -> new TreeSet<>());
            for (String q : references(root, Files.readString(f, StandardCharsets.UTF_8))) {
                if (!q.equals(pkg)) {
                    to.add(q);
                }
            }
        }
        return new PackageGraph(root, uses);
    }

    /** The packages read, each with the packages under the root it uses (itself excluded). */
    public Map<String, Set<String>> uses() {
        return Collections.unmodifiableMap(uses);
    }

    /** The packages {@code pkg} uses directly, or none if it was not read. */
    public Set<String> usesOf(String pkg) {
        return uses.getOrDefault(pkg, Set.of());
    }

    /** Whether {@code from} uses {@code to}, directly or through other packages. */
    public boolean reaches(String from, String to) {
        Set<String> seen = new TreeSet<>();
        List<String> frontier = new ArrayList<>(List.of(from));
        while (!frontier.isEmpty()) {
            String p = frontier.remove(frontier.size() - 1);
            for (String q : usesOf(p)) {
                if (q.equals(to)) {
                    return true;
                }
                if (seen.add(q)) {
                    frontier.add(q);
                }
            }
        }
        return false;
    }

    /** The shortest path from {@code start} back to itself ({@code start, ..., start}), or empty if there is none. */
    public List<String> cycleThrough(String start) {
        Map<String, String> cameFrom = new TreeMap<>();
        List<String> frontier = new ArrayList<>(List.of(start));
        while (!frontier.isEmpty()) {
            List<String> next = new ArrayList<>();
            for (String p : frontier) {
                for (String q : usesOf(p)) {
                    if (q.equals(start)) {
                        List<String> path = new ArrayList<>(List.of(start));
                        for (String at = p; !at.equals(start); at = cameFrom.get(at)) {
                            path.add(1, at);
                        }
                        path.add(start);
                        return path;
                    }
                    if (!cameFrom.containsKey(q)) {
                        cameFrom.put(q, p);
                        next.add(q);
                    }
                }
            }
            frontier = next;
        }
        return List.of();
    }

    /** The first cycle found, as {@link #cycleThrough} gives it, or empty if the packages form none. */
    public List<String> anyCycle() {
        for (String p : uses.keySet()) {
            List<String> c = cycleThrough(p);
            if (!c.isEmpty()) {
                return c;
            }
        }
        return List.of();
    }

    /** The root this graph was read under. */
    public String root() {
        return root;
    }

    /** The packages under {@code root} that a source text names in code: a package path followed by a class name or a wildcard. */
    public static Set<String> references(String root, String source) {
        Pattern reference = Pattern.compile("\\b" + Pattern.quote(root) + "((?:\\.[a-z][a-z0-9_]*)*)\\.(?:[A-Z]|\\*)");
        Set<String> out = new TreeSet<>();
        Matcher m = reference.matcher(codeOnly(source));
        while (m.find()) {
            out.add(root + m.group(1));
        }
        return out;
    }

    /** The source with comments blanked out and string, text block and char literals emptied. */
    static String codeOnly(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (s.startsWith("//", i)) {
                int end = s.indexOf('\n', i);
                i = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? s.length() : end + 2;
                out.append(' ');
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                i = end < 0 ? s.length() : end + 3;
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != c) {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
