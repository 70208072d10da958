package shardsim.core.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** A disk's version moves with every change a reader could see, and only then. */
class DiskVersionTest {
    @Test
    void versionMovesWithEveryVisibleChange() {
        Disk d = new Disk();
        long v0 = d.version();
        d.put("a", 1);
        long v1 = d.version();
        assertNotEquals(v0, v1, "a pending write is visible to get");
        d.flush();
        assertEquals(v1, d.version(), "a flush changes nothing a reader sees");
        d.get("a", Integer.class);
        d.keys("");
        assertEquals(v1, d.version(), "reads change nothing");
        d.deleteDurable("a");
        long v2 = d.version();
        assertNotEquals(v1, v2);
        d.loseUnflushed();
        assertEquals(v2, d.version(), "nothing pending, nothing lost");
        d.put("b", 2);
        long v3 = d.version();
        d.loseUnflushed();
        assertNotEquals(v3, d.version(), "losing a pending write is a change");
    }
}
