package shardsim.core.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import shardsim.core.coverage.Coverage;
import shardsim.core.coverage.CoverageTally;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.CustomPlan;

/**
 * The plans kept as parents, with the coverage each reached. A plan's energy is the sum, over the
 * abstract states and transitions its run reached, of one over the number of runs that reached
 * them (AFL's rare-branch weighting, TigerBeetle's CFO and Antithesis prefer what is rare the same
 * way), divided by the square root of one plus the times it was already picked, so a plan that
 * alone reached a state is picked often but not forever. Bounded: past the limit the plan with
 * the least energy goes (the oldest of equals).
 */
final class Corpus {
    /** A kept plan. */
    static final class Entry {
        final int run;
        final CustomPlan plan;
        final long seed;
        final Coverage coverage;
        int picks;

        Entry(int run, CustomPlan plan, long seed, Coverage coverage) {
            this.run = run;
            this.plan = plan;
            this.seed = seed;
            this.coverage = coverage;
        }
    }

    private final int max;
    private final List<Entry> entries = new ArrayList<>();
    private double[] weights = new double[0];

    Corpus(int max) {
        this.max = max;
    }

    int size() {
        return entries.size();
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** Adds a plan whose run reached something new, dropping the weakest plan if the corpus is full. */
    void add(Entry e, CoverageTally tally) {
        if (entries.size() >= max) {
            int weakest = 0;
            double least = Double.POSITIVE_INFINITY;
            for (int i = 0; i < entries.size(); i++) {
                double w = energy(entries.get(i), tally);
                if (w < least) {
                    least = w;
                    weakest = i;
                }
            }
            entries.remove(weakest);
        }
        entries.add(e);
    }

    /** Recomputes every plan's weight from the counts so far (once per batch: counts change only when results merge). */
    void reweigh(CoverageTally tally) {
        weights = new double[entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            weights[i] = energy(entries.get(i), tally);
        }
    }

    /** A parent, drawn with probability proportional to its weight. */
    Entry pick(SimRandom random) {
        if (entries.isEmpty()) {
            throw new IllegalStateException("pick from an empty corpus");
        }
        if (weights.length != entries.size()) {
            throw new IllegalStateException("corpus not reweighed since it changed");
        }
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        Entry e = total > 0 ? entries.get(random.weighted(weights)) : random.pick(entries);
        e.picks++;
        return e;
    }

    /** Any plan, uniformly (a splice's donor). */
    Entry any(SimRandom random) {
        return random.pick(entries);
    }

    static double energy(Entry e, CoverageTally tally) {
        double rarity = 0;
        for (Coverage.Space s : e.coverage.spaces()) {
            Map<Integer, Long> states = tally.stateRuns(s.space().name());
            for (int state : s.states()) {
                rarity += 1.0 / Math.max(1, states.getOrDefault(state, 1L));
            }
            Map<Long, Long> transitions = tally.transitionRuns(s.space().name());
            for (long t : s.transitions()) {
                rarity += 1.0 / Math.max(1, transitions.getOrDefault(t, 1L));
            }
        }
        return rarity / StrictMath.sqrt(1 + e.picks);
    }
}
