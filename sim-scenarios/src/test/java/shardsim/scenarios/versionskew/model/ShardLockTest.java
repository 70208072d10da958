package shardsim.scenarios.versionskew.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NodeFault;
import shardsim.core.net.LinkPolicy;
import shardsim.core.run.StagedRun;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Workload;
import shardsim.scenarios.versionskew.VersionSkewScenario;
import shardsim.scenarios.versionskew.plan.DocumentedPlan;
import shardsim.scenarios.versionskew.plan.SkewFault;
import shardsim.scenarios.versionskew.plan.World;

/** Leader transfer in upstream's order (close the old leader, then open the new one) under the etcd shard lock. */
class ShardLockTest {
    private static final VersionSkewScenario SCENARIO = new VersionSkewScenario();
    private static final int SHARD = DocumentedPlan.DOC_SHARD;

    private static StagedRun<World, SkewCluster> run(FaultPlan faults) {
        CustomPlan plan = new CustomPlan(
                "lock.json",
                Plans.DOCUMENTED,
                LinkPolicy.reliable(),
                faults,
                Workload.builder().build());
        return SCENARIO.stage(RunSpec.custom(VersionSkewScenario.NAME, Plans.FIXED, plan, 1), Trace.digestOnly());
    }

    @Test
    void aLockIsHeldByOneNodeUntilReleasedOrItsLeaseExpires() {
        ShardLocks locks = new ShardLocks();
        assertTrue(locks.acquire(SHARD, "node-1", 0));
        assertTrue(locks.acquire(SHARD, "node-1", 1), "its holder gets it again at once");
        assertFalse(locks.acquire(SHARD, "node-2", 2));
        locks.keepAlive(SHARD, "node-1", ShardLocks.TTL_MICROS - 1);
        assertFalse(locks.acquire(SHARD, "node-2", ShardLocks.TTL_MICROS + 1), "kept alive");
        assertTrue(locks.acquire(SHARD, "node-2", 2 * ShardLocks.TTL_MICROS), "expired: nobody kept it alive");
        locks.release(SHARD, "node-1");
        assertEquals("node-2", locks.holder(SHARD, 2 * ShardLocks.TTL_MICROS), "only the holder releases it");
        locks.release(SHARD, "node-2");
        assertNull(locks.holder(SHARD, 2 * ShardLocks.TTL_MICROS));
    }

    @Test
    void aTransferClosesTheOldLeaderThenOpensTheNewOne() {
        StagedRun<World, SkewCluster> run = run(FaultPlan.builder()
                .at(2_000_000, new SkewFault.TransferLeader(SHARD, "node-2"))
                .build());
        run.sim().runUntil(2_001_500);
        assertNull(run.sim().nodes().node("node-1", DataNode.class).shard(SHARD), "closed on node-1 first");
        assertNull(run.sim().nodes().node("node-2", DataNode.class).shard(SHARD), "not yet open on node-2");
        run.sim().runUntil(2_100_000);
        assertNotNull(run.sim().nodes().node("node-2", DataNode.class).shard(SHARD));
        assertEquals("node-2", run.driver().locks().holder(SHARD, run.sim().now()));
        assertTrue(run.finish().ok());
    }

    @Test
    void aTransferAwayFromADownLeaderFailsAndItsLockOutlivesItForOneLease() {
        StagedRun<World, SkewCluster> run = run(FaultPlan.builder()
                .at(1_000_000, new NodeFault.Crash("node-1"))
                .at(2_000_000, new SkewFault.TransferLeader(SHARD, "node-2"))
                .build());
        run.sim().runUntil(6_000_000);
        assertNull(
                run.sim().nodes().node("node-2", DataNode.class).shard(SHARD), "the close timed out: nothing opened");
        assertEquals("node-1", run.driver().metaViewLeader(SHARD));
        assertEquals(
                "node-1",
                run.driver().locks().holder(SHARD, run.sim().now()),
                "the crashed holder's lease is still alive");
        assertNull(
                run.driver().locks().holder(SHARD, 1_000_000 + ShardLocks.TTL_MICROS + 1),
                "it expires one TTL after the last keepalive");
    }
}
