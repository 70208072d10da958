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
 * the run's facts (run.properties, written by the same script) and the committed hand
 * classification of sampled survivors (survivors.tsv). A pure function of those three files:
 *
 * <pre>java scripts/MutationSummary.java reports/mutation</pre>
 *
 * <p>{@code record DIR} (used by scripts/mutation, with the build's classes on the class path)
 * appends to DIR/run.properties the plans the sweep test runs per scenario, read from the test
 * itself ({@code FixedSweepMutationTest.plans}).
 *
 * <p>How a mutant was killed comes from PIT's full mutation matrix: FixedSweepMutationTest has one
 * method per scenario that fails only when a check broke ({@code ...Checks}) and one that fails
 * only when a run threw or exhausted the run budget ({@code ...Model}).
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

        boolean detected() {
            return !status.equals("SURVIVED") && !status.equals("NO_COVERAGE");
        }
    }

    record Verdict(String verdict, String note) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("record")) {
            record(Path.of(args[1]));
            return;
        }
        if (args.length != 1) {
            System.err.println("usage: java scripts/MutationSummary.java DIR   (or: record DIR, with the build's classes on the class path)");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        List<Mutant> mutants = read(dir.resolve("mutations.xml"));
        Properties run = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("run.properties"))) {
            run.load(in);
        }
        Map<String, Verdict> verdicts = verdicts(dir.resolve("survivors.tsv"));
        String md = render(mutants, run, verdicts);
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

    /** survivors.tsv: key, verdict (equivalent | blind-spot | unexercised), note; '#' starts a comment line. */
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
            if (f.length != 3 || !List.of("equivalent", "blind-spot", "unexercised").contains(f[1])) {
                throw new IllegalArgumentException(tsv + ":" + n + ": expected KEY<TAB>equivalent|blind-spot|unexercised<TAB>NOTE");
            }
            out.put(f[0], new Verdict(f[1], f[2]));
        }
        return out;
    }

    static String pct(long a, long b) {
        return b == 0 ? "–" : String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * a / b);
    }

    static String render(List<Mutant> all, Properties run, Map<String, Verdict> verdicts) {
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
        b.append("- Target classes and the classes left out (checks, fidelity tables, notes, arbitraries, names, plan and world ")
                .append("generators, mode tables, fault/operation/config records, scenario wiring): `sim-scenarios/pom.xml`, profile `mutation`.\n\n");

        b.append("## Score per scenario\n\n");
        b.append("Killed = detected by PIT: a check broke, the model threw or ran out of budget, or the run timed out. ")
                .append("No coverage = the mutated line never ran in the sweep (counted as not killed). Non-equivalent: the total less the ")
                .append("survivors the hand classification found equivalent (a lower bound on the score, since unread survivors count as ")
                .append("non-equivalent); the estimate applies the sample's equivalent share to every survivor.\n\n");
        b.append("| scenario | mutants | killed | score | no coverage | survived | sampled survivors | equivalent in sample | killed / non-equivalent (lower bound) | estimate |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        long[] tot = new long[7];
        double estKilled = 0;
        double estNonEq = 0;
        for (String s : SCENARIOS) {
            List<Mutant> ms = all.stream().filter(m -> m.scenario().equals(s)).toList();
            long total = ms.size();
            long killed = ms.stream().filter(Mutant::detected).count();
            long noCov = ms.stream().filter(m -> m.status().equals("NO_COVERAGE")).count();
            long survived = ms.stream().filter(m -> m.status().equals("SURVIVED")).count();
            List<Mutant> sampled = ms.stream().filter(m -> !m.detected() && verdicts.containsKey(m.key())).toList();
            long eq = sampled.stream().filter(m -> verdicts.get(m.key()).verdict().equals("equivalent")).count();
            double eqShare = sampled.isEmpty() ? 0 : (double) eq / sampled.size();
            double nonEq = total - eqShare * (total - killed);
            double est = nonEq == 0 ? 0 : killed / nonEq;
            b.append("| ").append(s).append(" | ").append(total).append(" | ").append(killed).append(" | ").append(pct(killed, total))
                    .append(" | ").append(noCov).append(" | ").append(survived).append(" | ").append(sampled.size()).append(" | ").append(eq)
                    .append(" | ").append(killed).append(" / ").append(total - eq).append(" = ").append(pct(killed, total - eq))
                    .append(" | ").append(sampled.isEmpty() || nonEq == 0 ? "–" : String.format(java.util.Locale.ROOT, "%.1f%%", 100 * est)).append(" |\n");
            tot[0] += total;
            tot[1] += killed;
            tot[2] += noCov;
            tot[3] += survived;
            tot[4] += sampled.size();
            tot[5] += eq;
            estKilled += killed;
            estNonEq += total - eqShare * (total - killed);
        }
        b.append("| all | ").append(tot[0]).append(" | ").append(tot[1]).append(" | ").append(pct(tot[1], tot[0])).append(" | ").append(tot[2])
                .append(" | ").append(tot[3]).append(" | ").append(tot[4]).append(" | ").append(tot[5]).append(" | ").append(tot[1]).append(" / ")
                .append(tot[0] - tot[5]).append(" = ").append(pct(tot[1], tot[0] - tot[5])).append(" | ")
                .append(tot[4] == 0 ? "–" : String.format(java.util.Locale.ROOT, "%.1f%%", 100 * estKilled / estNonEq)).append(" |\n\n");

        b.append("## How the killed mutants were killed\n\n");
        b.append("From PIT's full mutation matrix. By a check only: some seed broke a check and none threw or ran out of budget ")
                .append("before the sweep ended; by the model only: some seed threw (or exhausted the run budget) and no seed broke a check; ")
                .append("both: each happened on some seed. Timed out: the minion exceeded PIT's time limit (the sweep's time ×")
                .append(run.getProperty("timeoutFactor", "?")).append(" + ").append(run.getProperty("timeoutConstant", "?"))
                .append(" ms); memory error: it ran out of heap; run error: the minion died otherwise.\n\n");
        b.append("| scenario | killed | by a check only | by the model only (exception or budget) | both | timed out | memory error | run error |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String s : SCENARIOS) {
            List<Mutant> ms = all.stream().filter(m -> m.scenario().equals(s)).toList();
            List<Mutant> killed = ms.stream().filter(m -> m.status().equals("KILLED")).toList();
            b.append("| ").append(s).append(" | ").append(ms.stream().filter(Mutant::detected).count())
                    .append(" | ").append(killed.stream().filter(m -> m.byChecks() && !m.byModel()).count())
                    .append(" | ").append(killed.stream().filter(m -> m.byModel() && !m.byChecks()).count())
                    .append(" | ").append(killed.stream().filter(m -> m.byModel() && m.byChecks()).count())
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

        b.append("## Hand classification of sampled survivors\n\n");
        b.append("Each sampled survivor was read against the code (`survivors.tsv`). equivalent: no run can behave differently; ")
                .append("unexercised: it changes behaviour only in situations the fixed-mode sweep's plans never create (a mode, a mixed-version ")
                .append("run, or a fault the plans lack), so it says more about the plans than about the checks; blind-spot: runs in the sweep ")
                .append("do behave differently, and no check notices. The note says why, and for a blind spot which check would catch it.\n\n");
        for (String s : SCENARIOS) {
            b.append("### ").append(s).append("\n\n");
            List<Mutant> sampled = all.stream().filter(m -> m.scenario().equals(s) && !m.detected() && verdicts.containsKey(m.key())).toList();
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
            b.append("| class.method:line | mutation | status | verdict | why |\n|---|---|---|---|---|\n");
            for (Mutant m : sampled) {
                Verdict v = verdicts.get(m.key());
                b.append("| `").append(m.simpleClass()).append('.').append(m.method()).append(':').append(m.line()).append("` | ")
                        .append(m.description().replace("|", "\\|")).append(" | ").append(m.status()).append(" | ").append(v.verdict())
                        .append(" | ").append(v.note().replace("|", "\\|")).append(" |\n");
            }
            b.append('\n');
        }
        List<String> stale = new ArrayList<>();
        Map<String, Mutant> byKey = new LinkedHashMap<>();
        all.forEach(m -> byKey.put(m.key(), m));
        for (String k : verdicts.keySet()) {
            Mutant m = byKey.get(k);
            if (m == null || m.detected()) {
                stale.add(k);
            }
        }
        if (!stale.isEmpty()) {
            b.append("Classified keys that are not survivors of this run (the code moved; re-read them): ")
                    .append(stale.size()).append("\n\n");
            stale.forEach(k -> b.append("- `").append(k).append("`\n"));
            b.append('\n');
        }

        b.append("## Every survivor\n\n");
        b.append("Key for `survivors.tsv` (class|method|line|mutator|indexes), then PIT's description.\n\n");
        for (Mutant m : all) {
            if (!m.detected()) {
                b.append("- `").append(m.key()).append("` ").append(m.status().equals("NO_COVERAGE") ? "(no coverage) " : "")
                        .append(m.description()).append('\n');
            }
        }
        return b.toString();
    }
}
