package shardsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.check.ModeClaims;
import shardsim.core.check.Stance;
import shardsim.core.check.Violation;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;

/**
 * One run judged against what its modes claim: the violations of claims (each fails the run) apart
 * from those of known gaps (findings). The one rule every command applies: a run fails when a claim
 * breaks, or, for someone tracking gaps, when a gap shows too.
 *
 * @param claims what the run's modes say of each invariant
 * @param broken violations of claimed invariants, in the order found
 * @param gaps violations of known gaps, in the order found
 */
public record Verdict(ModeClaims claims, List<Violation> broken, List<Violation> gaps) {
    public Verdict {
        broken = List.copyOf(broken);
        gaps = List.copyOf(gaps);
    }

    /** Judges {@code r} against the stances of the modes its code ran ({@link #modesOf}). */
    public static Verdict of(Scenario scenario, RunResult r) {
        return of(scenario.claims().of(modesOf(r.spec())), r.violations());
    }

    /** Splits {@code violations} by what {@code claims} says of each. */
    public static Verdict of(ModeClaims claims, List<Violation> violations) {
        List<Violation> broken = new ArrayList<>();
        List<Violation> gaps = new ArrayList<>();
        for (Violation v : violations) {
            (claims.isGap(v.invariant()) ? gaps : broken).add(v);
        }
        return new Verdict(claims, broken, gaps);
    }

    /**
     * The modes whose code a run runs: its mode, the node modes it starts with, and the modes its
     * plan upgrades or downgrades nodes to.
     */
    public static List<String> modesOf(RunSpec spec) {
        List<String> modes = new ArrayList<>();
        modes.add(spec.mode());
        for (String m : spec.nodeModes().values()) {
            if (!modes.contains(m)) {
                modes.add(m);
            }
        }
        if (spec.custom() != null) {
            for (TimedFault f : spec.custom().faults().faults()) {
                if (f.fault() instanceof NodeFault.CodeChange c && !modes.contains(c.toMode())) {
                    modes.add(c.toMode());
                }
            }
        }
        return List.copyOf(modes);
    }

    /** Whether every claim held (gaps aside). */
    public boolean claimsHold() {
        return broken.isEmpty();
    }

    /** Whether the run fails: a claim broke, or a gap showed and {@code failOnGaps}. */
    public boolean failed(boolean failOnGaps) {
        return !broken.isEmpty() || (failOnGaps && !gaps.isEmpty());
    }

    /** Whether {@code v}, a broken claim, is one the mode is expected to break (the reported bug, an ablation's hole). */
    public boolean expected(Violation v) {
        return claims.of(v.invariant()).kind() == Stance.Kind.EXPECTED_BREAK;
    }

    /** The distinct invariants of {@code violations}, in order. */
    public static List<String> names(List<Violation> violations) {
        List<String> out = new ArrayList<>();
        for (Violation v : violations) {
            if (!out.contains(v.invariant())) {
                out.add(v.invariant());
            }
        }
        return List.copyOf(out);
    }
}
