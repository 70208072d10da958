package shardsim.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.core.fixture.EchoClient;
import shardsim.core.fixture.EchoModel;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;

class EchoSmokeTest {
    @Test
    void echoRunsAndIsRepeatable() {
        Simulation sim = EchoModel.build(7, Trace.full());
        sim.runUntil(EchoModel.END_MICROS);
        sim.finish();
        EchoClient c = sim.node("client-1", EchoClient.class);
        assertEquals(50, c.answered(), "all pings answered by the end");
        assertTrue(sim.trace().count() > 100);
        assertEquals(sim.trace().digest(), EchoModel.digest(7));
        for (var e : sim.trace().last(15)) {
            System.out.println(e.render());
        }
    }
}
