import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Writes reports/mutation/README.md from PIT's mutations.xml (copied there by scripts/mutation),
 * the run's facts (run.properties, written by the same script), the committed hand
 * classification of survivors (survivors.tsv) and the hand-written reading of them
 * (notes.md, included as it is). A pure function of those files:
 *
 * <pre>java scripts/MutationSummary.java reports/mutation</pre>
 *
 * <p>{@code record DIR} (used by scripts/mutation, with the build's classes on the class path)
 * appends to DIR/run.properties the plans the sweep test runs per scenario, read from the test
 * itself ({@code FixedSweepMutationTest.plans}).
 *
 * <p>How a mutant was killed comes from PIT's full mutation matrix: FixedSweepMutationTest has one
 * method per scenario that fails only when a check broke ({@code ...Checks}), one that fails
 * only when a run threw or exhausted the run budget ({@code ...Model}), and one that fails only
 * when every seed held but the sweep was vacuous ({@code ...Vacuity}; runs before the guard
 * existed have no such method, and their column is 0).
 */
public final class MutationSummary {
    static final String[] SCENARIOS = {"version-skew", "drop-after-clone", "split-stall"};

    record Mutant(String scenario, String clazz, String method, int line, String mutator, String indexes, String status, String killing,
            String description, String sourceFile) {
        String key() {
            return clazz.substring("shardsim.scenarios.".length()) + "|" + method + "|" + line + "|" + shortMutator() + "|" + indexes;
        }

        String shortMutator() {
            int i = mutator.lastIndexOf('.');
            return i < 0 ? mutator : mutator.substring(i + 1);
        }

        String simpleClass() {
            return clazz.substring(clazz.lastIndexOf('.') + 1);
        }

        boolean byChecks() {
            return killing.contains("Checks()");
        }

        boolean byModel() {
            return killing.contains("Model()");
        }

        boolean byVacuity() {
            return killing.contains("Vacuity()");
        }

        /** Killed by more than one of the three judges: it would mean they disagreed on one sweep. */
        boolean byMoreThanOne() {
            return (byChecks() ? 1 : 0) + (byModel() ? 1 : 0) + (byVacuity() ? 1 : 0) > 1;
        }

        boolean detected() {
            return !status.equals("SURVIVED") && !status.equals("NO_COVERAGE");
        }

        /**
         * A mutant that only removes a trace line: no check reads the trace (checks observe state,
         * and no trace listener is registered in a sweep), so for the checks it is equivalent; the
         * run's digest moves, its state does not.
         */
        boolean traceOnly() {
            return description.equals("removed call to shardsim/core/node/NodeContext::trace")
                    || description.equals("removed call to shardsim/core/sim/RunRecord::note");
        }

        /** A survivor to read by hand: not detected, not trace-only. */
        boolean survivorToRead() {
            return !detected() && !traceOnly();
        }

        /** In the hand-classification sample: a survivor, not trace-only, whose key's SHA-1 starts with a byte below the threshold. */
        boolean sampled(int threshold) {
            if (detected() || traceOnly()) {
                return false;
            }
            try {
                byte[] h = java.security.MessageDigest.getInstance("SHA-1").digest(key().getBytes(StandardCharsets.UTF_8));
                return (h[0] & 0xff) < threshold;
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The sample: about 9% of the survivors that are not trace-only, chosen by their key's hash (stable, blind to what they do). */
    static final int SAMPLE_THRESHOLD = 24;

    record Verdict(String verdict, String note) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("record")) {
            record(Path.of(args[1]));
            return;
        }
        if (args.length == 3 && args[0].equals("move")) {
            move(Path.of(args[1]), args[2]);
            return;
        }
        if ((args.length == 2 || args.length == 3) && args[0].equals("rekey")) {
            System.exit(rekey(Path.of(args[1]), args.length == 3 ? Path.of(args[2]) : null));
        }
        if (args.length != 1) {
            System.err.println("usage: java scripts/MutationSummary.java DIR   (or: record DIR, with the build's classes on the class path;"
                    + " or: rekey DIR [OLD_MUTATIONS_XML]; or: move DIR OLD_COMMIT)");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        List<Mutant> mutants = read(dir.resolve("mutations.xml"));
        Properties run = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("run.properties"))) {
            run.load(in);
        }
        // A method the profile excludes now (a check-only accessor found after the run) leaves this
        // run's figures too; PIT listed its mutants because it was still a target then.
        List<String> excluded = List.of(run.getProperty("excludedMethods", "").split(","));
        List<Mutant> left = mutants.stream().filter(m -> excluded.contains(m.method())).toList();
        mutants = mutants.stream().filter(m -> !excluded.contains(m.method())).toList();
        Map<String, Verdict> verdicts = verdicts(dir.resolve("survivors.tsv"));
        Path notes = dir.resolve("notes.md");
        String md = render(mutants, run, verdicts, Files.exists(notes) ? Files.readString(notes, StandardCharsets.UTF_8) : "", left) + exploreSection(dir);
        Path out = dir.resolve("README.md");
        Files.writeString(out, md, StandardCharsets.UTF_8);
        System.out.println("wrote " + out + " (" + mutants.size() + " mutants)");
    }

    @SuppressWarnings("unchecked")
    /** The plans of the sweep per scenario, from the test's own code, appended to run.properties. */
    static void record(Path dir) throws Exception {
        Class<?> scenarios = Class.forName("shardsim.scenarios.Scenarios");
        Class<?> test = Class.forName("shardsim.scenarios.FixedSweepMutationTest");
        Class<?> scenarioType = Class.forName("shardsim.core.scenario.Scenario");
        Method plans = test.getDeclaredMethod("plans", scenarioType);
        plans.setAccessible(true);
        Method name = scenarioType.getMethod("name");
        StringBuilder b = new StringBuilder();
        for (Object s : (List<?>) scenarios.getMethod("all").invoke(null)) {
            b.append("plans.").append(name.invoke(s)).append('=').append(String.join(",", (List<String>) plans.invoke(null, s))).append('\n');
        }
        Files.writeString(dir.resolve("run.properties"), b.toString(), StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
    }

    /**
     * The section "Exploration against random", when scripts/mutation explore has left one or more
     * explore-vs-random-SCENARIO.xml with its explore-run-SCENARIO.properties: for each mutant,
     * whether the random sweep ({@code ...Random}) and the explorer ({@code ...Explore}) killed it,
     * on the same budget of runs.
     */
    static String exploreSection(Path dir) throws Exception {
        List<Path> xmls = new ArrayList<>();
        try (var files = Files.list(dir)) {
            files.filter(p -> p.getFileName().toString().matches("explore-vs-random-.+\\.xml")).sorted().forEach(xmls::add);
        }
        if (xmls.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        b.append("\n## Exploration against random on the mutants random misses\n\n");
        b.append("The same kind of PIT run, with `ExploreVsRandomMutationTest` and a budget of N runs, over one scenario's classes: `random()` ")
                .append("sweeps the fixed mode over seeds 0..N-1 of `random`; the mutants it misses are the ones of interest. On those two more ")
                .append("budgets of N runs compete: `randomNext()`, seeds N..2N-1, and `explore()`, `sim explore`'s Explorer on the fixed mode for ")
                .append("N runs from seed N (its fresh plans are those seeds of the plan the row names, the rest mutants of its corpus). A fourth, ")
                .append("`targetedNext()`, seeds N..2N-1 of `targeted`, is a yardstick rather than a competitor: when the explorer's fresh plans ")
                .append("are aimed, it shows how much of what exploration kills the aiming alone kills. Each stops at its first ")
                .append("failing run: a violation other than a residual gap (the run budget included), or an exception. PIT's full mutation ")
                .append("matrix says which killed each mutant; a mutant that timed out or ran out of memory cannot be told apart, and is counted ")
                .append("on its own.\n\n");
        StringBuilder rows = new StringBuilder();
        StringBuilder lists = new StringBuilder();
        long sumExplore = 0;
        long sumNext = 0;
        for (Path xml : xmls) {
            String scenario = xml.getFileName().toString().replaceFirst("^explore-vs-random-", "").replaceFirst("\\.xml$", "");
            Properties run = new Properties();
            try (InputStream in = Files.newInputStream(dir.resolve("explore-run-" + scenario + ".properties"))) {
                run.load(in);
            }
            List<Mutant> all = read(xml);
            long n = Long.parseLong(run.getProperty("runs", "0"));
            long total = all.size();
            long noCov = all.stream().filter(m -> m.status().equals("NO_COVERAGE")).count();
            long other = all.stream().filter(m -> m.detected() && !m.status().equals("KILLED")).count();
            List<Mutant> judged = all.stream().filter(m -> m.status().equals("KILLED") || m.status().equals("SURVIVED")).toList();
            long byRandom = judged.stream().filter(m -> m.killing().contains("random()")).count();
            long traceMissed = judged.stream().filter(m -> !m.killing().contains("random()") && m.traceOnly()).count();
            List<Mutant> misses = judged.stream().filter(m -> !m.killing().contains("random()") && !m.traceOnly()).toList();
            long explore = misses.stream().filter(m -> m.killing().contains("explore()")).count();
            long next = misses.stream().filter(m -> m.killing().contains("randomNext()")).count();
            long both = misses.stream().filter(m -> m.killing().contains("explore()") && m.killing().contains("randomNext()")).count();
            long targeted = misses.stream().filter(m -> m.killing().contains("targetedNext()")).count();
            boolean yardstick = all.stream().anyMatch(m -> m.killing().contains("targetedNext()")) || run.containsKey("plan");
            sumExplore += explore;
            sumNext += next;
            rows.append("| ").append(scenario).append(" | `").append(run.getProperty("classes", "?")).append("` | `")
                    .append(run.getProperty("plan", "random")).append("` | ").append(n).append(" | ")
                    .append(total).append(" | ").append(noCov).append(" | ").append(other).append(" | ").append(byRandom).append(" | ")
                    .append(traceMissed).append(" | ").append(misses.size()).append(" | ").append(explore).append(" | ").append(next).append(" | ")
                    .append(both).append(" | ").append(misses.size() - explore - next + both).append(" | ").append(yardstick ? String.valueOf(targeted) : "not run")
                    .append(" | `").append(run.getProperty("commit", "?"))
                    .append("`, ").append(run.getProperty("duration", "?")).append(", PIT threads ").append(run.getProperty("threads", "?")).append(" |\n");
            lists.append("Missed mutants of ").append(scenario).append(" (trace-only ones left out) and who killed them (`")
                    .append(run.getProperty("command", "?")).append("`):\n\n");
            for (Mutant m : misses) {
                String who = (m.killing().contains("explore()") ? "explore" : "")
                        + (m.killing().contains("randomNext()") ? (m.killing().contains("explore()") ? ", " : "") + "random-next" : "");
                String aimed = m.killing().contains("targetedNext()") ? " (targeted N..2N-1 kills it too)" : "";
                lists.append("- `").append(m.key()).append("` ").append(m.description()).append(": ").append(who.isEmpty() ? "neither" : who).append(aimed).append('\n');
            }
            lists.append('\n');
        }
        b.append("| scenario | target classes | explorer's fresh plans | N | mutants | no coverage | timed out, memory or run error | killed by random 0..N-1 | ")
                .append("missed by it: trace-only | missed, the rest | of those, killed by explore | killed by random N..2N-1 | by both | by neither | ")
                .append("yardstick: killed by targeted N..2N-1 | run |\n");
        b.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        b.append(rows).append('\n');
        b.append("Goal: exploration kills at least twice as many of the missed mutants as random does with the same budget of runs: ")
                .append(sumNext == 0 ? (sumExplore > 0 ? "met (random kills none)" : "not shown (neither kills any)")
                        : (sumExplore >= 2 * sumNext ? "met" : "not met") + String.format(java.util.Locale.ROOT, " (%d against %d, %.2f×)", sumExplore, sumNext,
                                (double) sumExplore / sumNext))
                .append(".\n\n");
        b.append(lists);
        return b.toString();
    }

    static List<Mutant> read(Path xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(xml.toFile());
        NodeList list = doc.getElementsByTagName("mutation");
        List<Mutant> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            Element m = (Element) list.item(i);
            String clazz = text(m, "mutatedClass");
            out.add(new Mutant(scenarioOf(clazz), clazz, text(m, "mutatedMethod"), Integer.parseInt(text(m, "lineNumber")), text(m, "mutator"),
                    indexes(m), m.getAttribute("status"), text(m, "killingTests"), text(m, "description"), text(m, "sourceFile")));
        }
        out.sort(java.util.Comparator.comparing(Mutant::clazz).thenComparingInt(Mutant::line).thenComparing(Mutant::key));
        return out;
    }

    static String text(Element m, String tag) {
        NodeList l = m.getElementsByTagName(tag);
        return l.getLength() == 0 ? "" : l.item(0).getTextContent().trim();
    }

    static String indexes(Element m) {
        NodeList l = m.getElementsByTagName("index");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < l.getLength(); i++) {
            out.add(l.item(i).getTextContent().trim());
        }
        return String.join(",", out);
    }

    static String scenarioOf(String clazz) {
        if (clazz.startsWith("shardsim.scenarios.versionskew.")) {
            return "version-skew";
        }
        if (clazz.startsWith("shardsim.scenarios.dropafterclone.")) {
            return "drop-after-clone";
        }
        if (clazz.startsWith("shardsim.scenarios.splitstall.")) {
            return "split-stall";
        }
        throw new IllegalArgumentException("mutant outside the three scenarios: " + clazz);
    }

    /** survivors.tsv: key, verdict (equivalent | benign | unexercised | blind-spot), note; '#' starts a comment line. */
    static Map<String, Verdict> verdicts(Path tsv) throws IOException {
        Map<String, Verdict> out = new LinkedHashMap<>();
        if (!Files.exists(tsv)) {
            return out;
        }
        int n = 0;
        for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
            n++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", 3);
            if (f.length != 3 || !List.of("equivalent", "benign", "unexercised", "blind-spot").contains(f[1])) {
                throw new IllegalArgumentException(tsv + ":" + n + ": expected KEY<TAB>equivalent|benign|unexercised|blind-spot<TAB>NOTE");
            }
            out.put(f[0], new Verdict(f[1], f[2]));
        }
        return out;
    }

    /**
     * Re-keys the census (DIR/survivors.tsv) to the run in DIR/mutations.xml after the code moved:
     * a row whose key is a survivor of the run stays; a row whose mutant the run killed is dropped;
     * a row whose key the run does not have (its line moved) takes the key of the one survivor of
     * the run, not yet classified, with the same class, method and mutator (and, when
     * OLD_MUTATIONS_XML, the run the census was read against, is given, the same PIT description
     * as the row's mutant had there); with none or several such survivors the row stays as it is
     * and is listed to be re-read. Survivors with no row are listed to be read. Rewrites survivors.tsv in place
     * (comments and order kept; a re-keyed row's note gains "(re-keyed from LINE)"); exit 1 when
     * something is left to read by hand.
     */
    /**
     * After classes moved or were renamed with no behaviour change (a package split), carries the
     * census over to the current tree without a PIT run: each mutant of mutations.xml and each key
     * of survivors.tsv gets its class's new name (from git's rename detection between OLD_COMMIT
     * and the working tree) and its line's new number (from a line diff of the old and new source:
     * an unchanged line keeps its mutants, a changed line inside a changed block maps by its place
     * in the block). Class names inside descriptions are renamed too, so `rekey` against this file
     * matches a later run's descriptions. Prints what it could not map.
     */
    static void move(Path dir, String oldCommit) throws Exception {
        String base = "sim-scenarios/src/main/java/";
        Map<String, String> renamedPaths = new TreeMap<>();
        for (String l : git("diff", "-M50%", "--name-status", oldCommit, "--", base).split("\n")) {
            String[] f = l.split("\t");
            if (f.length == 3 && f[0].startsWith("R")) {
                renamedPaths.put(f[1], f[2]);
            }
        }
        Path xml = dir.resolve("mutations.xml");
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(xml.toFile());
        NodeList list = doc.getElementsByTagName("mutation");
        List<String> unmapped = new ArrayList<>();
        // Every mutant's file first, so that the rename map is whole before any description is rewritten.
        for (int i = 0; i < list.getLength(); i++) {
            Element m = (Element) list.item(i);
            String oldPath = oldPath(m, base);
            if (!renamedPaths.containsKey(oldPath) && !Files.exists(Path.of(oldPath))) {
                // Moved and changed past git's rename threshold: the one file of that name below the scenario's package.
                String found = findMoved(scenarioDir(oldPath, base), text(m, "sourceFile"));
                if (found != null) {
                    renamedPaths.put(oldPath, found);
                }
            }
        }
        // Internal names (a/b/C) of every renamed top-level class, old -> new.
        Map<String, String> internal = new TreeMap<>();
        renamedPaths.forEach((o, n) -> internal.put(stem(o, base), stem(n, base)));
        Map<String, int[]> lineMaps = new TreeMap<>();
        Map<String, String> keys = new TreeMap<>();
        for (int i = 0; i < list.getLength(); i++) {
            Element m = (Element) list.item(i);
            String clazz = text(m, "mutatedClass");
            String oldPath = oldPath(m, base);
            String newPath = renamedPaths.getOrDefault(oldPath, oldPath);
            if (!Files.exists(Path.of(newPath))) {
                unmapped.add(clazz + " (no file " + text(m, "sourceFile") + ")");
                continue;
            }
            int[] map = lineMaps.get(oldPath);
            if (map == null) {
                map = lineMap(git("show", oldCommit + ":" + oldPath), Files.readString(Path.of(newPath), StandardCharsets.UTF_8));
                lineMaps.put(oldPath, map);
            }
            int line = Integer.parseInt(text(m, "lineNumber"));
            int newLine = line < map.length ? map[line] : 0;
            if (newLine == 0) {
                unmapped.add(clazz + ":" + line);
                newLine = line;
            }
            String newClazz = renameInternal(clazz.replace('.', '/'), internal).replace('/', '.');
            Mutant before = read1(m, clazz);
            set(m, "mutatedClass", newClazz);
            set(m, "sourceFile", Path.of(newPath).getFileName().toString());
            set(m, "lineNumber", Integer.toString(newLine));
            set(m, "description", renameInternal(text(m, "description"), internal));
            set(m, "methodDescription", renameInternal(text(m, "methodDescription"), internal));
            keys.put(before.key(), read1(m, newClazz).key());
        }
        var t = javax.xml.transform.TransformerFactory.newInstance().newTransformer();
        t.transform(new javax.xml.transform.dom.DOMSource(doc), new javax.xml.transform.stream.StreamResult(xml.toFile()));
        Path tsv = dir.resolve("survivors.tsv");
        List<String> out = new ArrayList<>();
        int moved = 0;
        for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                out.add(line);
                continue;
            }
            String[] cols = line.split("\t", 2);
            String k = keys.get(cols[0]);
            if (k == null) {
                unmapped.add("survivors.tsv " + cols[0]);
                out.add(line);
            } else {
                moved += k.equals(cols[0]) ? 0 : 1;
                out.add(k + "\t" + cols[1]);
            }
        }
        Files.write(tsv, out, StandardCharsets.UTF_8);
        System.out.println("moved " + list.getLength() + " mutants over " + renamedPaths.size() + " renamed files; survivors.tsv rows re-keyed "
                + moved + "; unmapped " + unmapped.size());
        unmapped.forEach(u -> System.out.println("unmapped  " + u));
    }

    private static String oldPath(Element m, String base) {
        String clazz = text(m, "mutatedClass");
        return base + clazz.substring(0, clazz.lastIndexOf('.')).replace('.', '/') + "/" + text(m, "sourceFile");
    }

    /** The scenario's package folder (base + shardsim/scenarios/NAME) of a source path below it. */
    private static Path scenarioDir(String path, String base) {
        String rest = path.substring((base + "shardsim/scenarios/").length());
        return Path.of(base + "shardsim/scenarios/" + rest.substring(0, rest.indexOf('/')));
    }

    private static String findMoved(Path scenarioDir, String fileName) throws IOException {
        if (!Files.isDirectory(scenarioDir)) {
            return null;
        }
        try (var files = Files.walk(scenarioDir)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().equals(fileName)).toList();
            return found.size() == 1 ? found.get(0).toString() : null;
        }
    }

    private static Mutant read1(Element m, String clazz) {
        return new Mutant(scenarioOf(clazz), clazz, text(m, "mutatedMethod"), Integer.parseInt(text(m, "lineNumber")), text(m, "mutator"),
                indexes(m), m.getAttribute("status"), text(m, "killingTests"), text(m, "description"), text(m, "sourceFile"));
    }

    private static void set(Element m, String tag, String value) {
        NodeList l = m.getElementsByTagName(tag);
        if (l.getLength() > 0) {
            l.item(0).setTextContent(value);
        }
    }

    private static String stem(String path, String base) {
        return path.substring(base.length(), path.length() - ".java".length());
    }

    /** Renames whole internal class names (not a prefix of a longer name) in {@code s}. */
    static String renameInternal(String s, Map<String, String> internal) {
        for (Map.Entry<String, String> e : internal.entrySet()) {
            s = s.replaceAll(java.util.regex.Pattern.quote(e.getKey()) + "(?![A-Za-z0-9_])", java.util.regex.Matcher.quoteReplacement(e.getValue()));
        }
        return s;
    }

    /** For each old line number (1-based), its new number: equal lines by a longest common subsequence, changed blocks by position; 0 if gone. */
    static int[] lineMap(String oldText, String newText) {
        String[] a = oldText.split("\n", -1);
        String[] b = newText.split("\n", -1);
        int[][] lcs = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                lcs[i][j] = a[i].equals(b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int[] map = new int[a.length + 1];
        int i = 0;
        int j = 0;
        int blockI = 0;
        int blockJ = 0;
        while (i < a.length || j < b.length) {
            if (i < a.length && j < b.length && a[i].equals(b[j])) {
                for (int k = blockI; k < i; k++) {
                    map[k + 1] = blockJ + (k - blockI) < j ? blockJ + (k - blockI) + 1 : 0;
                }
                map[i + 1] = j + 1;
                i++;
                j++;
                blockI = i;
                blockJ = j;
            } else if (j < b.length && (i == a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
                j++;
            } else {
                i++;
            }
        }
        for (int k = blockI; k < a.length; k++) {
            map[k + 1] = blockJ + (k - blockI) < b.length ? blockJ + (k - blockI) + 1 : 0;
        }
        return map;
    }

    private static String git(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        }
        return out;
    }

    static int rekey(Path dir, Path oldXml) throws Exception {
        List<Mutant> now = read(dir.resolve("mutations.xml"));
        Map<String, Mutant> byKey = new LinkedHashMap<>();
        now.forEach(m -> byKey.put(m.key(), m));
        Map<String, Mutant> before = new LinkedHashMap<>();
        if (oldXml != null) {
            read(oldXml).forEach(m -> before.put(m.key(), m));
        }
        Path tsv = dir.resolve("survivors.tsv");
        List<String> lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
        java.util.Set<String> taken = new java.util.HashSet<>();
        for (String line : lines) {
            if (!line.isBlank() && !line.startsWith("#")) {
                taken.add(line.split("\t", 2)[0]);
            }
        }
        List<String> out = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        List<String> rekeyed = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                out.add(line);
                continue;
            }
            String[] f = line.split("\t", 3);
            Mutant m = byKey.get(f[0]);
            if (m != null && m.survivorToRead()) {
                out.add(line);
                continue;
            }
            if (m != null) {
                dropped.add(f[0] + " (" + m.status() + ")");
                continue;
            }
            String[] k = f[0].split("\\|");
            Mutant old = before.get(f[0]);
            List<Mutant> candidates = now.stream().filter(c -> c.survivorToRead() && !taken.contains(c.key()))
                    .filter(c -> c.key().startsWith(k[0] + "|" + k[1] + "|") && c.shortMutator().equals(k[3]))
                    .filter(c -> old == null || c.description().equals(old.description())).toList();
            if (candidates.size() != 1) {
                unmatched.add(f[0] + " (" + candidates.size() + " candidates)");
                out.add(line);
                continue;
            }
            Mutant c = candidates.get(0);
            taken.add(c.key());
            rekeyed.add(f[0] + " -> " + c.key());
            out.add(c.key() + "\t" + f[1] + "\t" + f[2] + " (re-keyed from " + k[2] + ")");
        }
        Files.write(tsv, out, StandardCharsets.UTF_8);
        List<String> unread = now.stream().filter(m -> m.survivorToRead() && !taken.contains(m.key())).map(Mutant::key).toList();
        System.out.println("kept " + (out.stream().filter(l -> !l.isBlank() && !l.startsWith("#")).count() - rekeyed.size()) + ", re-keyed "
                + rekeyed.size() + ", dropped as killed " + dropped.size() + ", unmatched " + unmatched.size() + ", survivors with no row " + unread.size());
        rekeyed.forEach(x -> System.out.println("re-keyed  " + x));
        dropped.forEach(x -> System.out.println("dropped   " + x));
        unmatched.forEach(x -> System.out.println("unmatched " + x + ": re-read it"));
        unread.forEach(x -> System.out.println("to read   " + x));
        return unmatched.isEmpty() && unread.isEmpty() ? 0 : 1;
    }

    static String pct(long a, long b) {
        return b == 0 ? "–" : String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * a / b);
    }

    static long verdictCount(List<Mutant> ms, Map<String, Verdict> verdicts, String verdict) {
        return ms.stream().filter(m -> m.survivorToRead() && verdicts.containsKey(m.key()) && verdicts.get(m.key()).verdict().equals(verdict)).count();
    }

    /** total, killed, no coverage, survived, trace-only, other survivors, read, equivalent, unexercised, benign, blind spot. */
    static long[] scoreRow(List<Mutant> ms, Map<String, Verdict> verdicts) {
        long total = ms.size();
        long killed = ms.stream().filter(Mutant::detected).count();
        long noCov = ms.stream().filter(m -> m.status().equals("NO_COVERAGE")).count();
        long survived = ms.stream().filter(m -> m.status().equals("SURVIVED")).count();
        long trace = ms.stream().filter(m -> !m.detected() && m.traceOnly()).count();
        long other = total - killed - trace;
        long read = ms.stream().filter(m -> m.survivorToRead() && verdicts.containsKey(m.key())).count();
        return new long[] {total, killed, noCov, survived, trace, other, read, verdictCount(ms, verdicts, "equivalent"),
                verdictCount(ms, verdicts, "unexercised"), verdictCount(ms, verdicts, "benign"), verdictCount(ms, verdicts, "blind-spot")};
    }

    /** Non-equivalent mutants: every read verdict as read, the unread survivors at the hash sample's share of equivalent ones. */
    static double estimatedNonEquivalent(List<Mutant> ms, Map<String, Verdict> verdicts) {
        List<Mutant> sampled = ms.stream().filter(m -> m.sampled(SAMPLE_THRESHOLD) && verdicts.containsKey(m.key())).toList();
        long eqInSample = sampled.stream().filter(m -> verdicts.get(m.key()).verdict().equals("equivalent")).count();
        double share = sampled.isEmpty() ? 0 : (double) eqInSample / sampled.size();
        long[] r = scoreRow(ms, verdicts);
        long unread = r[5] - r[6];
        return r[0] - r[4] - r[7] - share * unread;
    }

    static String scoreLine(String name, long[] r, double estNonEq) {
        long nonEq = r[0] - r[4] - r[7];
        String estimate = r[6] == r[5] ? "exact" : estNonEq <= 0 ? "–" : String.format(java.util.Locale.ROOT, "%.1f%%", 100 * r[1] / estNonEq);
        return "| " + name + " | " + r[0] + " | " + r[1] + " | " + pct(r[1], r[0]) + " | " + r[2] + " | " + r[3] + " | " + r[4] + " | " + r[5]
                + " | " + r[6] + " | " + r[7] + " | " + r[8] + " | " + r[9] + " | " + r[10]
                + " | " + r[1] + " / " + nonEq + " = " + pct(r[1], nonEq) + (r[6] == r[5] ? "" : " (lower bound)")
                + " | " + estimate + " | " + r[1] + " / " + (nonEq - r[8]) + " = " + pct(r[1], nonEq - r[8]) + " |\n";
    }

    static void verdictTable(StringBuilder b, List<Mutant> ms, Map<String, Verdict> verdicts) {
        b.append("| class.method:line | mutation | status | verdict | why |\n|---|---|---|---|---|\n");
        for (Mutant m : ms) {
            Verdict v = verdicts.get(m.key());
            b.append("| `").append(m.simpleClass()).append('.').append(m.method()).append(':').append(m.line()).append("` | ")
                    .append(m.description().replace("|", "\\|")).append(" | ").append(m.status()).append(" | ").append(v.verdict())
                    .append(" | ").append(v.note().replace("|", "\\|")).append(" |\n");
        }
        b.append('\n');
    }

    static String render(List<Mutant> all, Properties run, Map<String, Verdict> verdicts, String notes, List<Mutant> left) {
        StringBuilder b = new StringBuilder();
        b.append("# Mutation score of the checks\n\n");
        b.append("<!-- Generated by java scripts/MutationSummary.java reports/mutation from mutations.xml, run.properties and survivors.tsv; do not edit. -->\n\n");
        b.append("How many seeded bugs in the model classes of the three scenarios do the fixed-mode sweeps catch? PIT ")
                .append(run.getProperty("pitest", "?")).append(" (pitest-junit5-plugin ").append(run.getProperty("junit5plugin", "?"))
                .append(", PIT's default mutators) mutated the model classes one change at a time, and for each mutant ran ")
                .append("`FixedSweepMutationTest`: the fixed mode over seeds 0..").append(Long.parseLong(run.getProperty("seeds", "0")) - 1)
                .append(" of each plan below, stopping at the first failing seed. A mutant is killed when a run breaks a check (any ")
                .append("invariant but the scenario's residual gap, version-skew's C5), throws, exhausts the run budget, or the sweep times out.\n\n");
        b.append("- Command: `").append(run.getProperty("command", "?")).append("` (").append(run.getProperty("duration", "?"))
                .append(" on the shared 2-core machine, PIT threads=").append(run.getProperty("threads", "?")).append(")\n");
        b.append("- Code: commit `").append(run.getProperty("commit", "?")).append("`, ").append(run.getProperty("date", "?")).append('\n');
        for (String s : SCENARIOS) {
            b.append("- Plans of ").append(s).append(": ").append(run.getProperty("plans." + s, "?")).append('\n');
        }
        b.append("- Target classes: each scenario's `model` package (`shardsim.scenarios.*.model.*`); its `checks`, `plan` and `report` ")
                .append("layers and the scenario class are left out, as are a few check-only accessors (`excludedMethods`): `sim-scenarios/pom.xml`, profile `mutation`.\n");
        if (!left.isEmpty()) {
            b.append("- Left out of this run's figures: ").append(left.size()).append(" mutants of methods the profile excludes since the run (")
                    .append(String.join(", ", left.stream().map(m -> "`" + m.simpleClass() + "." + m.method() + ":" + m.line() + "` " + m.status()).toList()))
                    .append(")\n");
        }
        b.append('\n');

        b.append("## Score per scenario\n\n");
        b.append("Killed = detected by PIT: a check broke, the model threw or ran out of budget, or the sweep timed out. ")
                .append("No coverage = the mutated line never ran in the sweep (not killed). Trace-only = the mutant only removes a trace line ")
                .append("(`NodeContext.trace`, `RunRecord.note`): no check reads the trace, so these are equivalent for the checks and leave the ")
                .append("denominator. The other survivors are read by hand against the code (`survivors.tsv`, below): equivalent ones leave the ")
                .append("denominator, benign, unexercised and blind-spot ones stay in it. Score: killed / (mutants − trace-only − equivalent), ")
                .append("counting every survivor not read yet as non-equivalent, so it is a lower bound until every survivor is read and exact ")
                .append("after. Estimate: the share of equivalent mutants in the hash sample (survivors whose key's SHA-1 starts with a byte below ")
                .append(SAMPLE_THRESHOLD).append(", about 9%, blind to what they do) applied to the survivors not read; it equals the score ")
                .append("once all are read. Reached: the same, leaving out the unexercised mutants too (those the plans never drive into ")
                .append("the changed behaviour), a figure about the checks rather than the plans; the goal is judged on the score.\n\n");
        b.append("| scenario | mutants | killed | killed / all | no coverage | survived | trace-only | other survivors | read | equivalent | unexercised | benign | blind spot | score: killed / non-equivalent | estimate | reached: killed / (non-equivalent − unexercised) |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        long[] tot = new long[12];
        double estNonEqAll = 0;
        List<String> rows = new ArrayList<>();
        for (String s : SCENARIOS) {
            List<Mutant> ms = all.stream().filter(m -> m.scenario().equals(s)).toList();
            long[] row = scoreRow(ms, verdicts);
            double nonEq = estimatedNonEquivalent(ms, verdicts);
            estNonEqAll += nonEq;
            rows.add(scoreLine(s, row, nonEq));
            for (int i = 0; i < row.length; i++) {
                tot[i] += row[i];
            }
        }
        rows.forEach(b::append);
        b.append(scoreLine("all", tot, estNonEqAll)).append('\n');

        if (!notes.isBlank()) {
            b.append(notes.strip()).append("\n\n");
        }
        b.append("## How the killed mutants were killed\n\n");
        b.append("From PIT's full mutation matrix: the sweep stops at the first failing seed, and its `...Checks` method fails when that ")
                .append("seed broke a check, its `...Model` method when it threw or exhausted the run budget, its `...Vacuity` method when no ")
                .append("seed failed but fewer than three in four seeds of a plan made the scenario's progress (the vacuity guard), so each ")
                .append("killed mutant has one of the three (\"more than one\" stays 0; it would mean they disagreed). Timed out: the minion ")
                .append("exceeded PIT's time limit (the sweep's time ×")
                .append(run.getProperty("timeoutFactor", "?")).append(" + ").append(run.getProperty("timeoutConstant", "?"))
                .append(" ms); memory error: it ran out of heap; run error: the minion died otherwise.\n\n");
        b.append("| scenario | killed | by a check | by the model (exception or budget) | by the vacuity guard | more than one | timed out | memory error | run error |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String s : SCENARIOS) {
            List<Mutant> ms = all.stream().filter(m -> m.scenario().equals(s)).toList();
            List<Mutant> killed = ms.stream().filter(m -> m.status().equals("KILLED")).toList();
            b.append("| ").append(s).append(" | ").append(ms.stream().filter(Mutant::detected).count())
                    .append(" | ").append(killed.stream().filter(m -> m.byChecks() && !m.byMoreThanOne()).count())
                    .append(" | ").append(killed.stream().filter(m -> m.byModel() && !m.byMoreThanOne()).count())
                    .append(" | ").append(killed.stream().filter(m -> m.byVacuity() && !m.byMoreThanOne()).count())
                    .append(" | ").append(killed.stream().filter(Mutant::byMoreThanOne).count())
                    .append(" | ").append(ms.stream().filter(m -> m.status().equals("TIMED_OUT")).count())
                    .append(" | ").append(ms.stream().filter(m -> m.status().equals("MEMORY_ERROR")).count())
                    .append(" | ").append(ms.stream().filter(m -> m.status().equals("RUN_ERROR")).count()).append(" |\n");
        }
        b.append('\n');

        b.append("## Mutants by class\n\n");
        b.append("| scenario | class | mutants | killed | survived | no coverage |\n|---|---|---:|---:|---:|---:|\n");
        Map<String, List<Mutant>> byClass = new TreeMap<>();
        for (Mutant m : all) {
            byClass.computeIfAbsent(m.scenario() + "\t" + m.simpleClass(), k -> new ArrayList<>()).add(m);
        }
        for (String s : SCENARIOS) {
            for (Map.Entry<String, List<Mutant>> e : byClass.entrySet()) {
                if (!e.getKey().startsWith(s + "\t")) {
                    continue;
                }
                List<Mutant> ms = e.getValue();
                b.append("| ").append(s).append(" | `").append(e.getKey().substring(s.length() + 1)).append("` | ").append(ms.size())
                        .append(" | ").append(ms.stream().filter(Mutant::detected).count())
                        .append(" | ").append(ms.stream().filter(m -> m.status().equals("SURVIVED")).count())
                        .append(" | ").append(ms.stream().filter(m -> m.status().equals("NO_COVERAGE")).count()).append(" |\n");
            }
        }
        b.append('\n');

        b.append("## Hand classification of the survivors\n\n");
        b.append("Survivors were read against the code (`survivors.tsv`, one line per mutant with the reason). equivalent: no run can ")
                .append("behave differently in anything the model or a check reads; ")
                .append("benign: runs do change, but the mutated model still does what the system may do (for example Raft without leader ")
                .append("stickiness), so no check ought to fail; unexercised: it changes behaviour only in situations the fixed-mode sweep's ")
                .append("plans never create (a mode, a mixed-version run, a fault the plans lack), so it says more about the plans than about ")
                .append("the checks; blind-spot: runs in the sweep do go wrong, and no check notices. The note says why, and for a blind spot ")
                .append("which check would catch it. Benign, unexercised and blind-spot mutants all count as non-equivalent. Below: the ")
                .append("verdicts by class, every blind spot, and the hash sample (the estimate's basis) in full.\n\n");
        b.append("| scenario | class | survivors (not trace-only) | read | equivalent | benign | unexercised | blind spot |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        Map<String, List<Mutant>> survivorsByClass = new TreeMap<>();
        for (Mutant m : all) {
            if (m.survivorToRead()) {
                survivorsByClass.computeIfAbsent(m.scenario() + "\t" + m.simpleClass(), k -> new ArrayList<>()).add(m);
            }
        }
        for (String s : SCENARIOS) {
            for (Map.Entry<String, List<Mutant>> e : survivorsByClass.entrySet()) {
                if (!e.getKey().startsWith(s + "\t")) {
                    continue;
                }
                List<Mutant> ms = e.getValue();
                b.append("| ").append(s).append(" | `").append(e.getKey().substring(s.length() + 1)).append("` | ").append(ms.size())
                        .append(" | ").append(ms.stream().filter(m -> verdicts.containsKey(m.key())).count())
                        .append(" | ").append(verdictCount(ms, verdicts, "equivalent")).append(" | ").append(verdictCount(ms, verdicts, "benign"))
                        .append(" | ").append(verdictCount(ms, verdicts, "unexercised")).append(" | ").append(verdictCount(ms, verdicts, "blind-spot"))
                        .append(" |\n");
            }
        }
        b.append('\n');
        List<Mutant> blind = all.stream().filter(m -> m.survivorToRead() && verdicts.containsKey(m.key())
                && verdicts.get(m.key()).verdict().equals("blind-spot")).toList();
        b.append("### Blind spots\n\n");
        if (blind.isEmpty()) {
            b.append("None among the survivors read.\n\n");
        } else {
            verdictTable(b, blind, verdicts);
        }
        for (String s : SCENARIOS) {
            b.append("### ").append(s).append(": the hash sample\n\n");
            List<Mutant> sample = all.stream().filter(m -> m.scenario().equals(s) && m.sampled(SAMPLE_THRESHOLD)).toList();
            List<Mutant> sampled = sample.stream().filter(m -> verdicts.containsKey(m.key())).toList();
            List<Mutant> unread = sample.stream().filter(m -> !verdicts.containsKey(m.key())).toList();
            if (!unread.isEmpty()) {
                b.append("In the sample but not read yet: ").append(unread.size()).append(" (").append(String.join(", ",
                        unread.stream().map(m -> "`" + m.key() + "`").toList())).append(").\n\n");
            }
            if (sampled.isEmpty()) {
                b.append("Not classified yet.\n\n");
                continue;
            }
            Map<String, Long> counts = new TreeMap<>();
            sampled.forEach(m -> counts.merge(verdicts.get(m.key()).verdict(), 1L, Long::sum));
            b.append(sampled.size()).append(" survivors read: ");
            List<String> parts = new ArrayList<>();
            counts.forEach((k, v) -> parts.add(v + " " + k));
            b.append(String.join(", ", parts)).append(".\n\n");
            verdictTable(b, sampled, verdicts);
        }
        List<String> stale = new ArrayList<>();
        Map<String, Mutant> byKey = new LinkedHashMap<>();
        all.forEach(m -> byKey.put(m.key(), m));
        for (String k : verdicts.keySet()) {
            Mutant m = byKey.get(k);
            if (m == null || !m.survivorToRead()) {
                stale.add(k);
            }
        }
        if (!stale.isEmpty()) {
            b.append("Classified keys that are not survivors of this run (killed now, or the code moved; re-read them): ")
                    .append(stale.size()).append("\n\n");
            stale.forEach(k -> b.append("- `").append(k).append("`\n"));
            b.append('\n');
        }

        b.append("## Every survivor\n\n");
        b.append("Key for `survivors.tsv` (class|method|line|mutator|indexes), then PIT's description; trace-only ones left out.\n\n");
        for (Mutant m : all) {
            if (!m.detected() && !m.traceOnly()) {
                b.append("- `").append(m.key()).append("` ").append(m.status().equals("NO_COVERAGE") ? "(no coverage) " : "")
                        .append(m.description()).append('\n');
            }
        }
        return b.toString();
    }
}
