package shardsim.core.shrink;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Zeller and Hildebrandt's ddmin over a list: split the failing list into n parts, keep a part
 * or a complement that still fails, otherwise double n; done when n reaches the list's size and
 * no single element can be removed. The empty list is tried first (some failures need nothing).
 * Candidates at one granularity go to the tester in batches, and the first failing one in list
 * order wins, so the answer does not depend on the batch size. Each candidate is tested once.
 */
final class DeltaDebugger<T> {
    /** Tests candidates (subsets of the input, in input order); true for each that still fails. */
    interface Tester<T> {
        boolean[] stillFails(List<List<T>> candidates);
    }

    /** Whether the search must stop now (a budget ran out). */
    interface Stop {
        boolean now();
    }

    private final List<T> input;
    private final Tester<T> tester;
    private final Stop stop;
    private final int batch;
    private final Map<BitSet, Boolean> tested = new LinkedHashMap<>();
    private boolean stopped;

    DeltaDebugger(List<T> input, Tester<T> tester, Stop stop, int batch) {
        this.input = List.copyOf(input);
        this.tester = tester;
        this.stop = stop;
        this.batch = Math.max(1, batch);
    }

    /** Whether the last {@link #minimize} stopped on the budget rather than at a 1-minimal list. */
    boolean stopped() {
        return stopped;
    }

    /** The smallest failing sublist found; the input itself is assumed to fail. */
    List<T> minimize() {
        BitSet current = new BitSet();
        current.set(0, input.size());
        tested.put((BitSet) current.clone(), true);
        if (input.isEmpty()) {
            return List.of();
        }
        BitSet empty = new BitSet();
        int first = firstFailing(List.of(empty));
        if (first == 0) {
            return List.of();
        }
        int n = 2;
        while (!stopped && current.cardinality() >= 2) {
            List<BitSet> parts = split(current, n);
            int hit = firstFailing(parts);
            if (hit >= 0) {
                current = parts.get(hit);
                n = 2;
                continue;
            }
            if (stopped) {
                break;
            }
            if (n > 2) {
                List<BitSet> complements = new ArrayList<>();
                for (BitSet part : parts) {
                    BitSet c = (BitSet) current.clone();
                    c.andNot(part);
                    complements.add(c);
                }
                hit = firstFailing(complements);
                if (hit >= 0) {
                    current = complements.get(hit);
                    n = Math.max(n - 1, 2);
                    continue;
                }
            }
            if (n >= current.cardinality()) {
                break;
            }
            n = Math.min(current.cardinality(), 2 * n);
        }
        return select(current);
    }

    /** Index of the first candidate that fails, testing untested ones in batches; -1 if none (or stopped). */
    private int firstFailing(List<BitSet> candidates) {
        int i = 0;
        while (i < candidates.size()) {
            Boolean known = tested.get(candidates.get(i));
            if (known != null) {
                if (known) {
                    return i;
                }
                i++;
                continue;
            }
            if (stop.now()) {
                stopped = true;
                return -1;
            }
            List<Integer> indices = new ArrayList<>();
            List<List<T>> lists = new ArrayList<>();
            for (int j = i; j < candidates.size() && indices.size() < batch; j++) {
                if (!tested.containsKey(candidates.get(j))) {
                    indices.add(j);
                    lists.add(select(candidates.get(j)));
                }
            }
            boolean[] fails = tester.stillFails(lists);
            for (int k = 0; k < indices.size(); k++) {
                tested.put(candidates.get(indices.get(k)), fails[k]);
            }
            // Loop again from i: cached answers now decide, in candidate order.
        }
        return -1;
    }

    private List<BitSet> split(BitSet set, int n) {
        int size = set.cardinality();
        List<BitSet> parts = new ArrayList<>();
        int idx = set.nextSetBit(0);
        for (int p = 0; p < n; p++) {
            int take = size / n + (p < size % n ? 1 : 0);
            BitSet part = new BitSet();
            for (int k = 0; k < take; k++) {
                part.set(idx);
                idx = set.nextSetBit(idx + 1);
            }
            if (!part.isEmpty()) {
                parts.add(part);
            }
        }
        return parts;
    }

    private List<T> select(BitSet set) {
        List<T> out = new ArrayList<>(set.cardinality());
        for (int i = set.nextSetBit(0); i >= 0; i = set.nextSetBit(i + 1)) {
            out.add(input.get(i));
        }
        return out;
    }
}
