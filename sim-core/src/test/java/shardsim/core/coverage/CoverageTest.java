package shardsim.core.coverage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoverageTest {
    private static final StateSpace SHARD =
            StateSpace.of("shard", Dimension.of("skew", "0", "1", "2+"), Dimension.of("proc", "idle", "running"));

    @Test
    void statesEncodeMixedRadixFirstDimensionMostSignificant() {
        assertEquals(6, SHARD.size());
        assertEquals(0, SHARD.encode(0, 0));
        assertEquals(3, SHARD.encode(1, 1));
        assertEquals(5, SHARD.encode(2, 1));
        assertArrayEquals(new int[] {2, 0}, SHARD.decode(4));
        assertEquals("skew=1 proc=running", SHARD.label(3));
        assertEquals(
                List.of(
                        "skew=0 proc=idle",
                        "skew=0 proc=running",
                        "skew=1 proc=idle",
                        "skew=1 proc=running",
                        "skew=2+ proc=idle",
                        "skew=2+ proc=running"),
                SHARD.labels());
        assertThrows(IllegalArgumentException.class, () -> SHARD.encode(3, 0));
        assertThrows(IllegalArgumentException.class, () -> SHARD.encode(0));
    }

    /** Records a script: per sample, the (entity, state) pairs reported, in that order. */
    private static Coverage replay(long[][][] script) {
        int[] step = {0};
        CoverageRecorder rec = new CoverageRecorder();
        rec.add(new Abstraction() {
            @Override
            public StateSpace space() {
                return SHARD;
            }

            @Override
            public void sample(Sink sink) {
                for (long[] pair : script[step[0]]) {
                    sink.state(pair[0], (int) pair[1]);
                }
            }
        });
        for (step[0] = 0; step[0] < script.length; step[0]++) {
            rec.sample();
        }
        return rec.coverage();
    }

    @Test
    void recorderKeepsStatesAndPerEntityTransitions() {
        Coverage c =
                replay(new long[][][] {{{10, 0}, {11, 0}}, {{10, 3}, {11, 0}}, {{10, 3}, {11, 3}}, {{10, 0}, {11, 3}}});
        Coverage.Space s = c.spaces().get(0);
        assertArrayEquals(new int[] {0, 3}, s.states());
        // entity 10: 0->3, 3->0; entity 11: 0->3. Each transition counted once.
        assertArrayEquals(
                new long[] {Coverage.Space.transition(SHARD, 0, 3), Coverage.Space.transition(SHARD, 3, 0)},
                s.transitions());
        assertEquals(2, c.stateCount());
        assertEquals(2, c.transitionCount());
    }

    /** Entities reported in another order, or skipped, at some samples: each keeps its own last state. */
    @Test
    void transitionsFollowEachEntityWhateverTheOrderOfReports() {
        Coverage.Space s = replay(new long[][][] {
                    {{10, 0}, {11, 1}, {12, 2}},
                    {{12, 4}, {10, 0}},
                    {{11, 1}, {10, 5}, {12, 4}},
                    {{10, 5}, {11, 3}, {12, 4}}
                })
                .spaces()
                .get(0);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, s.states());
        // 12: 2->4; 10: 0->5; 11: 1->3. No transition between different entities' states.
        assertArrayEquals(
                new long[] {
                    Coverage.Space.transition(SHARD, 0, 5),
                    Coverage.Space.transition(SHARD, 1, 3),
                    Coverage.Space.transition(SHARD, 2, 4)
                },
                java.util.stream.LongStream.of(s.transitions()).sorted().toArray());
    }

    @Test
    void tallyCountsRunsPerStateAndListsUnreached() {
        CoverageTally tally = new CoverageTally();
        Coverage a = new Coverage(List.of(new Coverage.Space(SHARD, new int[] {0, 1}, new long[] {1})));
        Coverage b = new Coverage(List.of(new Coverage.Space(SHARD, new int[] {1, 4}, new long[] {1, 10})));
        assertEquals(3, tally.add(a));
        assertEquals(2, tally.add(b));
        assertEquals(3, tally.stateCount());
        assertEquals(2, tally.transitionCount());
        assertEquals(2L, tally.stateRuns("shard").get(1));
        assertEquals(List.of(2, 3, 5), tally.unreached(SHARD));
        CoverageTally other = new CoverageTally();
        other.addAll(tally);
        other.addAll(tally);
        assertEquals(4L, other.stateRuns("shard").get(1));
        assertEquals(4, other.runs());
    }

    @Test
    void aStateOutsideTheSpaceIsABugInTheAbstraction() {
        CoverageRecorder rec = new CoverageRecorder();
        rec.add(new Abstraction() {
            @Override
            public StateSpace space() {
                return SHARD;
            }

            @Override
            public void sample(Sink sink) {
                sink.state(1, 6);
            }
        });
        assertThrows(IllegalArgumentException.class, rec::sample);
    }
}
