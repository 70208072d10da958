package shardsim.scenarios.versionskew.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import shardsim.core.scenario.Plans;
import shardsim.scenarios.versionskew.VersionSkewScenario;
import shardsim.scenarios.versionskew.plan.SkewMode;

/**
 * The version fields of a DDL round trip for every pair of meta code and node code: what meta
 * sends, whether the node's check passes, what it moves to and returns, and what meta stores.
 */
class VersionWireTest {
    private static final VersionSkewScenario SCENARIO = new VersionSkewScenario();
    private static final SkewMode OLD = SCENARIO.mode(Plans.BUGGY);
    private static final SkewMode NEW = SCENARIO.mode(Plans.FIXED);
    private static final int SHARD = 46;

    /** One DDL from meta storing {@code stored} to a node holding {@code held}; null if the node refuses it. */
    private static long[] roundTrip(SkewMode meta, SkewMode node, long stored, long held) {
        UpdateShardInfo sent = VersionWire.ddlRequest(meta, SHARD, stored);
        if (held != VersionWire.expected(node, sent)) {
            return null;
        }
        long after = VersionWire.next(node, held, sent);
        long reported = VersionWire.reported(node, after);
        return new long[] {after, VersionWire.stored(meta, sent, reported)};
    }

    @Test
    void oldMetaSendsNextAndPreviousNewMetaOnlyItsOwnWithPrevAbsent() {
        assertEquals(
                new UpdateShardInfo(new ShardInfo(SHARD, ShardRole.Leader, 1111), 1110),
                VersionWire.ddlRequest(OLD, SHARD, 1110));
        assertEquals(
                new UpdateShardInfo(new ShardInfo(SHARD, ShardRole.Leader, 1110), 0),
                VersionWire.ddlRequest(NEW, SHARD, 1110));
        assertEquals(1111, VersionWire.openVersion(OLD, 1110));
        assertEquals(1110, VersionWire.openVersion(NEW, 1110));
    }

    @Test
    void sameCodeOnBothSidesMovesBothToVPlusOne() {
        assertEquals(1111, roundTrip(OLD, OLD, 1110, 1110)[0]);
        assertEquals(1111, roundTrip(OLD, OLD, 1110, 1110)[1]);
        assertEquals(1111, roundTrip(NEW, NEW, 1110, 1110)[0]);
        assertEquals(1111, roundTrip(NEW, NEW, 1110, 1110)[1]);
        // The report's case: the node one ahead refuses old meta's request.
        assertEquals(null, roundTrip(OLD, OLD, 1110, 1111));
    }

    @Test
    void anOldNodeRefusesEveryDdlOfANewMetaUnlessTheShardIsAtZero() {
        // prev_version is absent, so the old node compares its version with 0.
        assertEquals(null, roundTrip(NEW, OLD, 1110, 1110));
        assertEquals(null, roundTrip(NEW, OLD, 1110, 1111));
        assertEquals(0, VersionWire.expected(OLD, VersionWire.ddlRequest(NEW, SHARD, 1110)));
        // A shard still at 0: the old node takes curr's 0 and answers without latest_shard_version;
        // new meta stores the 0 it reads. Both stay at 0.
        long[] atZero = roundTrip(NEW, OLD, 0, 0);
        assertEquals(0, atZero[0]);
        assertEquals(0, atZero[1]);
        assertEquals(VersionWire.ABSENT, VersionWire.reported(OLD, 1111));
    }

    @Test
    void aNewNodeRefusesAnOldMetaInStepAndKeepsAOneAheadShardOneAhead() {
        // In step: old meta asks for curr = v + 1, the new node holds v.
        assertEquals(null, roundTrip(OLD, NEW, 1110, 1110));
        // One ahead (the report's state): the check passes, the node moves to v + 2 and returns it,
        // old meta ignores the answer and stores its own v + 1: still one behind.
        long[] ahead = roundTrip(OLD, NEW, 1110, 1111);
        assertEquals(1112, ahead[0]);
        assertEquals(1111, ahead[1]);
    }

    @Test
    void theAblationRowsSplitTheSameWay() {
        SkewMode metaDecides = SCENARIO.mode(SkewMode.NO_NODE_VERSION);
        SkewMode bumpFirst = SCENARIO.mode(SkewMode.BUMP_BEFORE_ENGINE);
        assertEquals(1111, roundTrip(metaDecides, metaDecides, 1110, 1110)[1]);
        assertEquals(1111, roundTrip(bumpFirst, bumpFirst, 1110, 1110)[1]);
    }
}
