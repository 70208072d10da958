package shardsim.core.check;

/**
 * What one mode says of one invariant.
 *
 * @param invariant the invariant's name
 * @param kind a claim, a claim the mode is expected to break, or a known gap
 * @param reason why, in one or two sentences (for a gap: where upstream leaves it open; for an
 *     expected break: the reported bug, or the part of the fix an ablation removes); empty for a
 *     plain claim
 */
public record Stance(String invariant, Kind kind, String reason) {
    /** The three things a mode can say of an invariant. */
    public enum Kind {
        /** The mode says it holds: a break fails the run. */
        CLAIM,
        /**
         * The mode says it should hold and is expected to break it: the reported bug in {@code buggy},
         * the protected invariant in an ablation. A break still fails the run (that is the
         * reproduction); output names it as expected.
         */
        EXPECTED_BREAK,
        /** The mode's code leaves it open (upstream does too): a break is a finding, not a failure. */
        GAP
    }

    public Stance {
        if (invariant == null || kind == null || reason == null) {
            throw new IllegalArgumentException("a stance needs an invariant, a kind and a reason");
        }
        if (kind != Kind.CLAIM && reason.isBlank()) {
            throw new IllegalArgumentException("invariant " + invariant + ": a " + kind + " needs its reason");
        }
    }

    /** Whether a break of it fails the run (a claim, expected to break or not). */
    public boolean claimed() {
        return kind != Kind.GAP;
    }
}
