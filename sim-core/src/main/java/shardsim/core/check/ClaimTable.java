package shardsim.core.check;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario's verdict table, declared once as data: for each mode, what it says of each invariant
 * ({@link ModeClaims}). Built with {@link #builder}: every invariant starts as a plain claim of
 * every mode, and the scenario marks its known gaps and its expected breaks, each with a reason.
 *
 * @param rows one per mode, in the scenario's order of modes
 */
public record ClaimTable(List<ModeClaims> rows) {
    public ClaimTable {
        rows = List.copyOf(rows);
    }

    /** Every mode claims every invariant (a scenario that declares nothing else). */
    public static ClaimTable allClaimed(List<Rule> invariants, List<String> modes) {
        return builder(invariants, modes).build();
    }

    /** A builder on which every invariant starts as a plain claim of every mode in {@code modes}. */
    public static Builder builder(List<Rule> invariants, List<String> modes) {
        return new Builder(invariants, modes);
    }

    /** The modes, in order. */
    public List<String> modes() {
        return rows.stream().map(ModeClaims::mode).toList();
    }

    /** The row of {@code mode}. */
    public ModeClaims of(String mode) {
        for (ModeClaims r : rows) {
            if (r.mode().equals(mode)) {
                return r;
            }
        }
        throw new IllegalArgumentException("no mode '" + mode + "' in the claim table (modes " + modes() + ")");
    }

    /**
     * The row for a run whose nodes run the code of several modes (a mixed-version run, a rollout):
     * an invariant is a gap if any of those modes leaves it open (the code that leaves it open runs),
     * else an expected break if any of them expects one, else a claim. One mode gives its own row.
     */
    public ModeClaims of(Collection<String> modes) {
        List<String> names = new ArrayList<>();
        for (String m : modes) {
            if (!names.contains(m)) {
                names.add(m);
            }
        }
        if (names.size() == 1) {
            return of(names.get(0));
        }
        List<ModeClaims> parts = names.stream().map(this::of).toList();
        List<Stance> merged = new ArrayList<>();
        for (Stance first : parts.get(0).stances()) {
            Stance pick = first;
            for (ModeClaims p : parts) {
                Stance s = p.of(first.invariant());
                if (s.kind().compareTo(pick.kind()) > 0) {
                    pick = s;
                }
            }
            merged.add(pick);
        }
        return new ModeClaims(String.join("+", names), merged);
    }

    /** Marks stances on top of the all-claimed table; refuses a mode or invariant it does not know. */
    public static final class Builder {
        private final List<Rule> invariants;
        private final List<String> modes;
        private final Map<String, Map<String, Stance>> cells = new LinkedHashMap<>();

        private Builder(List<Rule> invariants, List<String> modes) {
            this.invariants = List.copyOf(invariants);
            this.modes = List.copyOf(modes);
            for (String m : modes) {
                Map<String, Stance> row = new LinkedHashMap<>();
                for (Rule r : invariants) {
                    row.put(r.name(), new Stance(r.name(), Stance.Kind.CLAIM, ""));
                }
                cells.put(m, row);
            }
        }

        /** {@code invariant} is a known gap in each of {@code inModes}: their code leaves it open. */
        public Builder gap(Rule invariant, String reason, String... inModes) {
            return mark(invariant, Stance.Kind.GAP, reason, inModes);
        }

        /** {@code invariant} is claimed but expected to break in each of {@code inModes}. */
        public Builder expectedBreak(Rule invariant, String reason, String... inModes) {
            return mark(invariant, Stance.Kind.EXPECTED_BREAK, reason, inModes);
        }

        private Builder mark(Rule invariant, Stance.Kind kind, String reason, String... inModes) {
            if (!invariants.contains(invariant)) {
                throw new IllegalArgumentException(
                        "claim table: " + invariant.name() + " is not an invariant of the scenario");
            }
            if (inModes.length == 0) {
                throw new IllegalArgumentException("claim table: " + invariant.name() + " marked in no mode");
            }
            for (String m : inModes) {
                Map<String, Stance> row = cells.get(m);
                if (row == null) {
                    throw new IllegalArgumentException("claim table: no mode '" + m + "' (modes " + modes + ")");
                }
                row.put(invariant.name(), new Stance(invariant.name(), kind, reason));
            }
            return this;
        }

        /** The table as marked so far, one row per mode in the order the modes were given. */
        public ClaimTable build() {
            List<ModeClaims> rows = new ArrayList<>();
            cells.forEach((mode, row) -> rows.add(new ModeClaims(mode, new ArrayList<>(row.values()))));
            return new ClaimTable(rows);
        }
    }
}
