package shardsim.cli.upgrades;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.rollout.Rollout;

/** {@code sim upgrades}' table and per-order lines, as text. */
public final class UpgradeText {
    private UpgradeText() {}

    /** A count with its share of {@code runs}, "0" alone. */
    public static String share(long n, long runs) {
        if (n == 0) {
            return "0";
        }
        return n + " (" + String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * n / Math.max(1, runs)) + ")";
    }

    /** The table: one row per order. */
    public static void table(PrintStream o, UpgradeSweep.Result r) {
        table(o, r, true);
    }

    /** The table; without the verdict column when {@code verdicts} is false (an interrupted sweep judges no order). */
    public static void table(PrintStream o, UpgradeSweep.Result r, boolean verdicts) {
        o.printf(
                "%-16s %7s %15s %15s %15s %17s %15s  %s%n",
                "order",
                "seeds",
                "failing before",
                "in mixed window",
                "after last step",
                "not on old code",
                "clean",
                verdicts ? "verdict" : "");
        for (OrderTally t : r.tallies()) {
            o.printf(
                    "%-16s %7d %15s %15s %15s %17s %15s  %s%n",
                    t.order().name(),
                    t.runs(),
                    share(t.failing(Rollout.Window.BEFORE), t.runs()),
                    share(t.failing(Rollout.Window.MIXED), t.runs()),
                    share(t.failing(Rollout.Window.AFTER), t.runs()),
                    share(t.introduced(), t.runs()),
                    share(t.clean(), t.runs()),
                    verdicts ? verdict(t) : "");
        }
    }

    /**
     * "UNSAFE" with the invariants that failed from the first step on where the old code alone
     * held; "old code's failures only" when every such failure also fails on the old code alone;
     * else "safe".
     */
    public static String verdict(OrderTally t) {
        if (!t.safe()) {
            return "UNSAFE (" + String.join(", ", t.introducedBy().keySet()) + ")";
        }
        if (t.failingInRollout() > 0) {
            TreeMap<String, Long> inv = new TreeMap<>(t.byInvariant().get(Rollout.Window.MIXED.label()));
            t.byInvariant().get(Rollout.Window.AFTER.label()).forEach((k, v) -> inv.merge(k, v, Long::sum));
            return "old code's failures only (" + String.join(", ", inv.keySet()) + ")";
        }
        return "safe";
    }

    /** "D1 3, D2 1" for a window, or "none". */
    public static String invariants(Map<String, Long> m) {
        if (m.isEmpty()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        m.forEach((k, v) ->
                b.append(b.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
        return b.toString();
    }
}
