package shardsim.cli.upgrades;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.rollout.Order;
import shardsim.core.rollout.Outcome;
import shardsim.core.rollout.Rollout;

/**
 * One order's counts over a seed range, added in seed order: runs, failing runs by the window of
 * their first claimed violation and by invariant, those failing from the first step on where the
 * old code alone held (what makes the order unsafe), residual gaps, clean runs, skipped steps,
 * and the smallest failing seed: the smallest unsafe one, else the smallest failing from the first step on.
 */
public final class OrderTally {
    private final Order order;
    private long runs;
    private final long[] failing = new long[Rollout.Window.values().length];
    /** Window label, then invariant, to the runs whose claimed violations in that window include it. */
    private final Map<String, TreeMap<String, Long>> byInvariant = new LinkedHashMap<>();

    private final TreeMap<String, Long> gaps = new TreeMap<>();
    private long clean;
    private long introduced;
    private final TreeMap<String, Long> introducedBy = new TreeMap<>();
    private Outcome smallestIntroduced;
    private long skippedSteps;
    private Outcome smallest;

    public OrderTally(Order order) {
        this.order = order;
        for (Rollout.Window w : Rollout.Window.values()) {
            byInvariant.put(w.label(), new TreeMap<>());
        }
    }

    /** Adds one seed's outcome; seeds must come in increasing order. */
    public void add(Outcome o) {
        runs++;
        skippedSteps += o.rollout().skipped();
        if (o.reachedSafely()) {
            clean++;
        }
        for (String g : o.gaps()) {
            gaps.merge(g, 1L, Long::sum);
        }
        if (o.window() != null) {
            failing[o.window().ordinal()]++;
            TreeMap<String, Long> m = byInvariant.get(o.window().label());
            for (String inv : o.claimed()) {
                m.merge(inv, 1L, Long::sum);
            }
        }
        if (o.failsInRollout() && smallest == null) {
            smallest = o;
        }
        if (o.introduced()) {
            introduced++;
            for (String inv : o.claimed()) {
                introducedBy.merge(inv, 1L, Long::sum);
            }
            if (smallestIntroduced == null) {
                smallestIntroduced = o;
            }
        }
    }

    public Order order() {
        return order;
    }

    public long runs() {
        return runs;
    }

    public long failing(Rollout.Window w) {
        return failing[w.ordinal()];
    }

    /** Failing at or after the first step. */
    public long failingInRollout() {
        return failing(Rollout.Window.MIXED) + failing(Rollout.Window.AFTER);
    }

    public Map<String, TreeMap<String, Long>> byInvariant() {
        return byInvariant;
    }

    public TreeMap<String, Long> gaps() {
        return gaps;
    }

    /** Runs with every step applied and no claimed violation. */
    public long clean() {
        return clean;
    }

    public long skippedSteps() {
        return skippedSteps;
    }

    /** Runs failing from the first step on where the old code alone held. */
    public long introduced() {
        return introduced;
    }

    /** Their invariants. */
    public TreeMap<String, Long> introducedBy() {
        return introducedBy;
    }

    /** No run failed from its first step on where the old code alone held. */
    public boolean safe() {
        return introduced == 0;
    }

    /** The smallest unsafe seed, else the smallest seed failing from the first step on, or null. */
    public Outcome smallest() {
        return smallestIntroduced != null ? smallestIntroduced : smallest;
    }
}
