package shardsim.core.check;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of a {@link ClaimTable}: what one mode says of each invariant of its scenario, in the
 * scenario's order. An invariant the row does not name (the run budget, a name a custom check
 * made up) is a plain claim.
 *
 * @param mode the mode's name (for a run mixing codes, the modes joined with '+')
 * @param stances one per invariant of the scenario
 */
public record ModeClaims(String mode, List<Stance> stances) {
    public ModeClaims {
        stances = List.copyOf(stances);
    }

    /** What the mode says of {@code invariant}; a plain claim when the row does not name it. */
    public Stance of(String invariant) {
        for (Stance s : stances) {
            if (s.invariant().equals(invariant)) {
                return s;
            }
        }
        return new Stance(invariant, Stance.Kind.CLAIM, "");
    }

    /** Whether the mode leaves {@code invariant} open. */
    public boolean isGap(String invariant) {
        return of(invariant).kind() == Stance.Kind.GAP;
    }

    /** The claimed invariants' names (expected breaks included), in order. */
    public List<String> claims() {
        List<String> out = new ArrayList<>();
        for (Stance s : stances) {
            if (s.claimed()) {
                out.add(s.invariant());
            }
        }
        return List.copyOf(out);
    }

    /** The stances of one kind, in order. */
    public List<Stance> ofKind(Stance.Kind kind) {
        return stances.stream().filter(s -> s.kind() == kind).toList();
    }
}
