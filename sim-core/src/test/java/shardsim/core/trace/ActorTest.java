package shardsim.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ActorTest {
    @Test
    void theKernelsActorsTraceTheLabelsTracesAlwaysHad() {
        assertEquals(
                List.of("sim", "faults", "driver", "workload", "check"),
                Actor.KERNEL.stream().map(Actor::label).toList());
        assertTrue(Actor.KERNEL.stream().allMatch(Actor::isKernel));
    }

    @Test
    void aNodeIsNotAKernelActorAndCannotTakeOnesName() {
        Actor be = Actor.node("be10006");
        assertEquals("be10006", be.label());
        assertFalse(be.isKernel());
        assertEquals(be, Actor.node("be10006"));
        for (Actor k : Actor.KERNEL) {
            assertThrows(IllegalArgumentException.class, () -> Actor.node(k.label()));
        }
        assertThrows(IllegalArgumentException.class, () -> Actor.node(""));
    }

    @Test
    void aLabelReadBackFromATraceIsClassifiedByName() {
        assertTrue(Actor.isKernel("driver"));
        assertFalse(Actor.isKernel("store-1"));
    }
}
