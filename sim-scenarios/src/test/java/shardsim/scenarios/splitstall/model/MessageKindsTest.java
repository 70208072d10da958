package shardsim.scenarios.splitstall.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.scenarios.splitstall.checks.SplitTracker;
import shardsim.scenarios.splitstall.plan.PlanTimes;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitMode;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/** Every kind of {@link RaftMessage} reaches its handler; a new kind fails here until it is handled. */
class MessageKindsTest {
    @Test
    void everyMessageKindReachesItsHandler() {
        List<RegionSpec> regions = List.of(new RegionSpec(150, 48, 6, "store-2", 1_000_000));
        Simulation sim = new Simulation(7, SimConfig.defaults(), Trace.digestOnly());
        SplitTracker tracker = new SplitTracker(sim, regions);
        for (String name : PlanTimes.STORES) {
            sim.nodes()
                    .add(
                            name,
                            ctx -> new Store(
                                    ctx, StoreConfig.defaults(), SplitMode.FIXED, tracker, PlanTimes.STORES, regions));
        }
        sim.runUntil(1_000_000);
        Store store = sim.nodes().node("store-1", Store.class);
        List<RaftMessage> samples = List.of(
                new RaftMessage.Append(150, 6, "store-2", 0, 0, List.of(), 0),
                new RaftMessage.AppendResponse(150, 6, "store-3", true, 0, 48, SplitStage.INITIAL),
                new RaftMessage.RequestVote(150, 6, "store-3", 0, 0, false, false),
                new RaftMessage.Vote(150, 6, "store-3", false, false),
                new RaftMessage.TimeoutNow(150, 5));
        Class<?>[] kinds = RaftMessage.class.getPermittedSubclasses();
        assertEquals(kinds.length, samples.size(), "one sample per message kind");
        for (int i = 0; i < kinds.length; i++) {
            RaftMessage m = samples.get(i);
            assertEquals(kinds[i], m.getClass(), "samples in declaration order");
            long before = store.handledByKind()[i];
            store.onMessage(new Envelope(1_000 + i, "store-2", "store-1", m, 0, false, sim.now()));
            assertEquals(before + 1, store.handledByKind()[i], m + " reached its handler");
        }
        Message stranger = new Message() {};
        assertThrows(
                IllegalStateException.class,
                () -> store.onMessage(new Envelope(2_000, "store-2", "store-1", stranger, 0, false, sim.now())));
    }
}
