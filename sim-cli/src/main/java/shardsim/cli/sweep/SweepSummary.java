package shardsim.cli.sweep;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongFunction;
import org.HdrHistogram.Histogram;
import shardsim.cli.io.Json;
import shardsim.cli.io.Text;
import shardsim.core.check.ModeClaims;
import shardsim.core.check.Stance;
import shardsim.core.scenario.Plans;
import shardsim.core.trace.Micros;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a sweep (or a set of result files) found: runs, failing runs (a claim broke) by invariant,
 * the smallest failing seeds, the known gaps that showed (runs and first seed of each, apart from
 * the failures), throughput, percentiles of each scenario metric in virtual time, and the distinct
 * abstract states and transitions reached ({@link SweepCoverage}). Memory is bounded whatever the
 * number of seeds: counters, a few seeds, one histogram per metric, a run count per abstract state and
 * transition reached.
 * Not thread-safe: callers add under their own lock.
 */
public final class SweepSummary {
    /** How many failing seeds the summary names. */
    public static final int FIRST_FAILING = 10;

    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private long runs;
    private long failing;
    private long events;
    private long timedRuns;
    private long timedEvents;
    private long wallMicros;
    private final TreeMap<String, Long> byInvariant = new TreeMap<>();
    private final TreeSet<Long> firstFailing = new TreeSet<>();
    private long withGaps;
    private final TreeMap<String, Long> gapRuns = new TreeMap<>();
    private final TreeMap<String, Long> gapFirstSeed = new TreeMap<>();
    private final TreeMap<String, Histogram> metrics = new TreeMap<>();
    private final SweepCoverage coverage = new SweepCoverage();

    /** Adds one finished seed; {@code timed} when it ran in this process (and so counts for throughput). */
    public void add(SeedResult r, boolean timed) {
        runs++;
        events += r.events();
        wallMicros += r.wallMicros();
        if (timed) {
            timedRuns++;
            timedEvents += r.events();
        }
        if (!r.ok()) {
            failing++;
            for (SeedResult.Broken b : r.broken()) {
                byInvariant.merge(b.invariant(), 1L, Long::sum);
            }
            firstFailing.add(r.seed());
            if (firstFailing.size() > FIRST_FAILING) {
                firstFailing.pollLast();
            }
        }
        if (!r.gaps().isEmpty()) {
            withGaps++;
            for (SeedResult.Broken b : r.gaps()) {
                gapRuns.merge(b.invariant(), 1L, Long::sum);
                gapFirstSeed.merge(b.invariant(), r.seed(), Math::min);
            }
        }
        coverage.add(r.coverage());
        addMetrics(r.metrics());
    }

    /** Adds the latencies and coverage of a seed counted already (one a resumed sweep runs again for them). */
    public void addRerun(SeedResult r) {
        coverage.add(r.coverage());
        addMetrics(r.metrics());
    }

    private void addMetrics(Map<String, long[]> samples) {
        for (Map.Entry<String, long[]> e : samples.entrySet()) {
            Histogram h = metrics.computeIfAbsent(e.getKey(), k -> MetricCodec.histogram());
            for (long v : e.getValue()) {
                h.recordValue(v);
            }
        }
    }

    /** Adds the latencies and coverage of a checkpoint read from a file (its seeds are added one by one with {@link #add}). */
    public void addCheckpoint(Checkpoint c, String where) {
        coverage.addAll(c.coverage(), where);
        for (Map.Entry<String, Histogram> e : c.metrics().entrySet()) {
            metrics.computeIfAbsent(e.getKey(), k -> MetricCodec.histogram()).add(e.getValue());
        }
    }

    public long runs() {
        return runs;
    }

    public long failing() {
        return failing;
    }

    /** The distinct abstract states and transitions the seeds reached. */
    public SweepCoverage coverage() {
        return coverage;
    }

    /** Failing runs (a claim broke) by broken claim. */
    public TreeMap<String, Long> byInvariant() {
        return new TreeMap<>(byInvariant);
    }

    /** Runs in which a known gap showed. */
    public long withGaps() {
        return withGaps;
    }

    /** Runs by known gap that showed in them. */
    public TreeMap<String, Long> gapRuns() {
        return new TreeMap<>(gapRuns);
    }

    /** The smallest seed each known gap showed in. */
    public TreeMap<String, Long> gapFirstSeed() {
        return new TreeMap<>(gapFirstSeed);
    }

    /** The latency histograms by metric name (copies). */
    public TreeMap<String, Histogram> metrics() {
        TreeMap<String, Histogram> out = new TreeMap<>();
        metrics.forEach((k, v) -> out.put(k, v.copy()));
        return out;
    }

    /** The percentiles every summary shows. */
    public static double[] percentiles() {
        return PERCENTILES.clone();
    }

    /** "99.9" or "50": a percentile as printed. */
    public static String percentileLabel(double p) {
        return label(p);
    }

    public TreeSet<Long> firstFailing() {
        return new TreeSet<>(firstFailing);
    }

    /**
     * @param title the first line ("sweep version-skew mode buggy plan random seeds 1..1000")
     * @param wallSeconds elapsed time of this process's runs, or a negative number for no
     *     throughput line ({@code summarize} prints {@link #throughputLine} apart)
     * @param claims what the sweep's mode says of each invariant (the reasons of gaps and expected breaks)
     * @param reproduce the command that reproduces a seed
     */
    public void render(
            PrintStream out, String title, double wallSeconds, ModeClaims claims, LongFunction<String> reproduce) {
        out.println(title);
        out.println("runs " + runs + ", failing " + failing
                + (runs == 0 ? "" : String.format(" (%.4f)", (double) failing / runs)) + "   (failing: a claim of "
                + claims.mode() + " broke)");
        if (!byInvariant.isEmpty()) {
            out.println("broken claims by invariant:");
            byInvariant.forEach((k, v) -> out.println("  " + k + ": " + v
                    + (claims.of(k).kind() == Stance.Kind.EXPECTED_BREAK
                            ? " (expected of " + claims.mode()
                                    + (Plans.BUGGY.equals(claims.mode()) ? ": the reported bug)" : ")")
                            : "")));
        }
        out.println("first failing seeds: " + (firstFailing.isEmpty() ? "none" : joined(firstFailing)));
        if (!gapRuns.isEmpty()) {
            out.println("known gaps (findings, not failures): " + withGaps + " of " + runs + " runs");
            gapRuns.forEach((k, v) -> {
                out.println("  gap " + k + " (not claimed by " + claims.mode() + "): " + v + " of " + runs
                        + " runs, first seed " + gapFirstSeed.get(k) + " - reproduce: "
                        + reproduce.apply(gapFirstSeed.get(k)));
                String why = claims.of(k).reason();
                if (!why.isEmpty()) {
                    out.println("    why: " + Text.oneLine(why));
                }
            });
        }
        if (wallSeconds >= 0) {
            out.println(throughputLine(wallSeconds));
        }
        coverage.render(out);
        for (Map.Entry<String, Histogram> e : metrics.entrySet()) {
            Histogram h = e.getValue();
            StringBuilder b = new StringBuilder("  " + e.getKey() + " (" + h.getTotalCount() + " samples):");
            for (double p : PERCENTILES) {
                b.append(" p").append(label(p)).append(' ').append(Micros.format(h.getValueAtPercentile(p)));
            }
            b.append(" max ").append(Micros.format(h.getMaxValue()));
            if (e.equals(metrics.firstEntry())) {
                out.println("metrics (virtual time):");
            }
            out.println(b);
        }
        // The last line: the one command a reader copies.
        if (!firstFailing.isEmpty()) {
            out.println("reproduce the smallest failing seed: " + reproduce.apply(firstFailing.first()));
        }
    }

    /** @param wallSeconds elapsed time of this process's runs, or a negative number to use the summed per-run times recorded in the results */
    public String throughputLine(double wallSeconds) {
        if (wallSeconds >= 0) {
            double s = Math.max(wallSeconds, 1e-9);
            return String.format(
                    "throughput: %.1f seeds/s, %.0f events/s (%d seeds run in %.1f s)",
                    timedRuns / s, timedEvents / s, timedRuns, wallSeconds);
        }
        double s = Math.max(wallMicros / 1e6, 1e-9);
        return String.format(
                "throughput: %.1f seeds/s, %.0f events/s per thread (from the run times in the files)",
                runs / s, events / s);
    }

    /**
     * {@code violations}: failing runs by broken claim; {@code gaps}: by known gap, its runs, first
     * seed and the command that reproduces it; {@code reproduce}: the smallest failing seed's command.
     */
    public ObjectNode toJson(double wallSeconds, ModeClaims claims, LongFunction<String> reproduce) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("runs", runs);
        o.put("failing", failing);
        ObjectNode inv = o.putObject("violations");
        byInvariant.forEach(inv::put);
        firstFailing.forEach(o.putArray("firstFailingSeeds")::add);
        if (firstFailing.isEmpty()) {
            o.putNull("reproduce");
        } else {
            o.put("reproduce", reproduce.apply(firstFailing.first()));
        }
        o.put("runsWithGaps", withGaps);
        ObjectNode gaps = o.putObject("gaps");
        gapRuns.forEach((k, v) -> gaps.putObject(k)
                .put("runs", v)
                .put("firstSeed", gapFirstSeed.get(k))
                .put("reproduce", reproduce.apply(gapFirstSeed.get(k)))
                .put("reason", claims.of(k).reason()));
        o.put("events", events);
        if (wallSeconds >= 0) {
            double s = Math.max(wallSeconds, 1e-9);
            o.put("seconds", wallSeconds);
            o.put("seedsPerSecond", timedRuns / s);
            o.put("eventsPerSecond", timedEvents / s);
        } else {
            double s = Math.max(wallMicros / 1e6, 1e-9);
            o.put("threadSeconds", wallMicros / 1e6);
            o.put("seedsPerThreadSecond", runs / s);
            o.put("eventsPerThreadSecond", events / s);
        }
        o.set("coverage", coverage.toJson());
        ObjectNode ms = o.putObject("metricsMicros");
        for (Map.Entry<String, Histogram> e : metrics.entrySet()) {
            Histogram h = e.getValue();
            ObjectNode m = ms.putObject(e.getKey());
            m.put("count", h.getTotalCount());
            for (double p : PERCENTILES) {
                m.put("p" + label(p), h.getValueAtPercentile(p));
            }
            m.put("max", h.getMaxValue());
        }
        return o;
    }

    private static String label(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }

    private static String joined(TreeSet<Long> seeds) {
        StringBuilder b = new StringBuilder();
        for (long s : seeds) {
            b.append(b.length() == 0 ? "" : ", ").append(s);
        }
        return b.toString();
    }
}
