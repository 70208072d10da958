package shardsim.core.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LeaseTest {
    @Test
    void aLeaseHoldsUntilItsTimeToLiveRunsOut() {
        Lease l = Lease.grant("node-1", 1_000, 30_000);
        assertEquals(31_000, l.expiresAtMicros());
        assertTrue(l.liveAt(1_000));
        assertTrue(l.liveAt(30_999));
        assertFalse(l.liveAt(31_000), "expired at the deadline exactly");
        assertEquals("node-1", l.holderAt(30_999));
        assertNull(l.holderAt(31_000));
    }

    @Test
    void onlyTheHolderHoldsAndOnlyWhileLive() {
        Lease l = Lease.grant("node-1", 0, 10);
        assertTrue(l.heldBy("node-1", 5));
        assertFalse(l.heldBy("node-2", 5));
        assertTrue(l.heldByOtherThan("node-2", 5), "refuses another node while live");
        assertFalse(l.heldByOtherThan("node-1", 5), "never refuses its holder");
        assertFalse(l.heldBy("node-1", 10));
        assertFalse(l.heldByOtherThan("node-2", 10), "an expired lease refuses nobody");
    }

    @Test
    void renewingMovesTheDeadlineFromNow() {
        Lease l = Lease.grant("node-1", 0, 10).renewedAt(8, 10);
        assertEquals(new Lease("node-1", 18), l);
        assertTrue(l.liveAt(17));
        assertFalse(l.liveAt(18));
    }

    @Test
    void aLeaseNeedsAHolderAndATimeToLive() {
        assertThrows(IllegalArgumentException.class, () -> new Lease(null, 1));
        assertThrows(IllegalArgumentException.class, () -> Lease.grant("a", 0, 0));
    }
}
