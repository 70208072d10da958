package shardsim.core.shrink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class DeltaDebuggerProperties {

    private static List<Integer> range(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }

    /** Fails while every culprit is present: ddmin must find exactly the culprits, whatever the batch size. */
    @Property(tries = 300)
    void findsExactlyTheCulprits(
            @ForAll @IntRange(min = 1, max = 80) int n,
            @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 0, max = 79) Integer> picks,
            @ForAll @IntRange(min = 1, max = 4) int batch) {
        TreeSet<Integer> culprits = new TreeSet<>();
        for (int p : picks) {
            culprits.add(p % n);
        }
        int[] runs = {0};
        DeltaDebugger<Integer> dd = new DeltaDebugger<>(
                range(n),
                cs -> {
                    boolean[] out = new boolean[cs.size()];
                    for (int i = 0; i < cs.size(); i++) {
                        runs[0]++;
                        out[i] = cs.get(i).containsAll(culprits);
                    }
                    return out;
                },
                () -> false,
                batch);
        List<Integer> result = dd.minimize();
        assertEquals(new ArrayList<>(culprits), result);
        assertFalse(dd.stopped());
    }

    /** A failure that is not monotone (a sum divisible by 5): the answer still fails and no single element can go. */
    @Property(tries = 300)
    void answerIsOneMinimal(@ForAll @Size(min = 1, max = 40) List<@IntRange(min = 1, max = 9) Integer> values) {
        int total = values.stream().mapToInt(Integer::intValue).sum();
        List<Integer> input = new ArrayList<>(values);
        if (total % 5 != 0) {
            input.add(5 - total % 5);
        }
        DeltaDebugger<Integer> dd = new DeltaDebugger<>(
                input,
                cs -> {
                    boolean[] out = new boolean[cs.size()];
                    for (int i = 0; i < cs.size(); i++) {
                        out[i] = fails(cs.get(i));
                    }
                    return out;
                },
                () -> false,
                2);
        List<Integer> result = dd.minimize();
        assertTrue(fails(result) || result.isEmpty() && fails(List.of()));
        for (int i = 0; i < result.size(); i++) {
            List<Integer> less = new ArrayList<>(result);
            less.remove(i);
            assertFalse(fails(less), "removing element " + i + " of " + result + " still fails");
        }
    }

    private static boolean fails(List<Integer> c) {
        return !c.isEmpty() && c.stream().mapToInt(Integer::intValue).sum() % 5 == 0;
    }

    /** A run budget stops the search with a list that still fails. */
    @Property(tries = 100)
    void budgetStopsWithAFailingList(
            @ForAll @IntRange(min = 8, max = 200) int n, @ForAll @IntRange(min = 1, max = 6) int maxRuns) {
        int[] runs = {0};
        DeltaDebugger<Integer> dd = new DeltaDebugger<>(
                range(n),
                cs -> {
                    boolean[] out = new boolean[cs.size()];
                    for (int i = 0; i < cs.size(); i++) {
                        runs[0]++;
                        out[i] = cs.get(i).contains(n - 1) && cs.get(i).contains(n / 2);
                    }
                    return out;
                },
                () -> runs[0] >= maxRuns,
                1);
        List<Integer> result = dd.minimize();
        assertTrue(result.contains(n - 1) && result.contains(n / 2));
        assertTrue(runs[0] <= maxRuns, "ran " + runs[0] + " with a budget of " + maxRuns);
        if (dd.stopped()) {
            assertTrue(result.size() >= 2);
        } else {
            assertEquals(2, result.size());
        }
    }
}
