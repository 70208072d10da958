package shardsim.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The kernel's packages form no cycle: each can be read, and changed, knowing only the packages
 * below it. Dependencies are read from the sources: every mention of a class of another sim-core
 * package (an import, a static import, a qualified name in code), outside comments and strings.
 * The kernel ({@code sim}) uses the checks, the aiming, the nodes and the trace, and none of them
 * uses the kernel: checks see it through {@code check.SimView}, aiming through
 * {@code aim.AimedInjector}.
 */
class PackagesFormNoCycleTest {
    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final String ROOT = "shardsim.core";
    /** A sim-core package followed by a class name or a wildcard. */
    private static final Pattern REFERENCE =
            Pattern.compile("\\bshardsim\\.core((?:\\.[a-z][a-z0-9_]*)+)\\.(?:[A-Z]|\\*)");

    @Test
    void noPackageReachesItself() throws IOException {
        Map<String, Set<String>> deps = dependencies();
        assertTrue(deps.size() >= 15, "read the packages: " + deps.keySet());
        for (String from : deps.keySet()) {
            List<String> cycle = pathBack(from, deps);
            assertTrue(cycle.isEmpty(), "package cycle: " + String.join(" -> ", cycle));
        }
    }

    @Test
    void theKernelsPartsDoNotReachTheKernel() throws IOException {
        Map<String, Set<String>> deps = dependencies();
        for (String part : List.of("check", "aim", "node", "trace", "worker", "workload")) {
            assertTrue(deps.containsKey(ROOT + "." + part), part);
            assertFalse(reaches(ROOT + "." + part, ROOT + ".sim", deps), part + " reaches the kernel");
        }
        assertTrue(deps.get(ROOT + ".sim")
                .containsAll(Set.of(ROOT + ".check", ROOT + ".aim", ROOT + ".node", ROOT + ".trace")));
    }

    @Test
    void theReaderSeesQualifiedNamesAndSkipsCommentsAndStrings() {
        String code =
                "import shardsim.core.sim.Simulation;\n// shardsim.core.run.World\n/* shardsim.core.aim.X */ String s = \"shardsim.core.check.Rule\";\n"
                        + "char c = '\"'; int n = shardsim.core.trace.Micros.format(x); import static shardsim.core.node.Envelope.of; import shardsim.core.fault.*;";
        assertEquals(Set.of(ROOT + ".sim", ROOT + ".trace", ROOT + ".node", ROOT + ".fault"), references(code));
    }

    private static boolean reaches(String from, String to, Map<String, Set<String>> deps) {
        Set<String> seen = new TreeSet<>();
        List<String> frontier = new ArrayList<>(List.of(from));
        while (!frontier.isEmpty()) {
            String p = frontier.remove(frontier.size() - 1);
            for (String q : deps.getOrDefault(p, Set.of())) {
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

    /** The shortest path from {@code start} back to itself, or empty if there is none. */
    private static List<String> pathBack(String start, Map<String, Set<String>> deps) {
        Map<String, String> cameFrom = new TreeMap<>();
        List<String> frontier = new ArrayList<>(List.of(start));
        while (!frontier.isEmpty()) {
            List<String> next = new ArrayList<>();
            for (String p : frontier) {
                for (String q : deps.getOrDefault(p, Set.of())) {
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

    private static Map<String, Set<String>> dependencies() throws IOException {
        Map<String, Set<String>> deps = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(SOURCES.resolve(ROOT.replace('.', '/')))) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path f : files) {
            String pkg = SOURCES.relativize(f.getParent()).toString().replace(java.io.File.separatorChar, '.');
            Set<String> to = deps.computeIfAbsent(pkg, k -> new TreeSet<>());
            for (String q : references(Files.readString(f, StandardCharsets.UTF_8))) {
                if (!q.equals(pkg)) {
                    to.add(q);
                }
            }
        }
        return deps;
    }

    /** The sim-core packages a source text names, in code only. */
    static Set<String> references(String source) {
        Set<String> out = new TreeSet<>();
        Matcher m = REFERENCE.matcher(codeOnly(source));
        while (m.find()) {
            out.add(ROOT + m.group(1));
        }
        return out;
    }

    /** The source with comments, string, text block and char literals blanked out. */
    private static String codeOnly(String s) {
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
