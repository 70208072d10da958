package shardsim.scenarios.splitstall.model;

import java.util.List;
import shardsim.core.fault.Fault;
import shardsim.core.run.Driver;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Actor;
import shardsim.core.workload.Operation;
import shardsim.scenarios.splitstall.plan.RegionSpec;
import shardsim.scenarios.splitstall.plan.SplitFaults;
import shardsim.scenarios.splitstall.plan.SplitOperation;

/**
 * The three stores as the workload and the fault handler see them. An operation or a scenario
 * fault that names a region this world does not hold, or a store that is unknown or down, is
 * skipped with a note rather than thrown: a plan file or a shrunk plan may name anything.
 */
public final class SplitCluster implements Driver {
    private final Simulation sim;
    private final List<String> stores;
    private final long[] regionIds;
    private final SplitEvents tracker;
    private final ForcedPickEvents forced;

    public SplitCluster(
            Simulation sim,
            List<String> stores,
            List<RegionSpec> regions,
            SplitEvents tracker,
            ForcedPickEvents forced) {
        this.sim = sim;
        this.stores = stores;
        this.tracker = tracker;
        this.forced = forced;
        this.regionIds = new long[regions.size()];
        for (int i = 0; i < regionIds.length; i++) {
            regionIds[i] = regions.get(i).regionId();
        }
    }

    /** The splits the stores started and finished. */
    SplitEvents tracker() {
        return tracker;
    }

    boolean holds(long regionId) {
        for (long id : regionIds) {
            if (id == regionId) {
                return true;
            }
        }
        return false;
    }

    /** The leader with the highest term among the stores that are up, or null. */
    Store leaderOf(long regionId) {
        Store best = null;
        long bestTerm = -1;
        for (String name : stores) {
            Store s = sim.nodes().node(name, Store.class);
            if (s != null) {
                RaftReplica p = s.peer(regionId).raft();
                if (p.isLeader() && p.term() > bestTerm) {
                    best = s;
                    bestTerm = p.term();
                }
            }
        }
        return best;
    }

    /** Performs one workload operation (the handler given to {@link Simulation#perform}). */
    @Override
    public void perform(Operation operation) {
        if (operation instanceof SplitOperation.Write w) {
            write(w);
        } else if (operation instanceof SplitOperation.SplitCheck c) {
            splitCheck(c);
        } else {
            throw new IllegalStateException("unknown operation kind " + operation.kind() + ": " + operation);
        }
    }

    private void write(SplitOperation.Write w) {
        if (!holds(w.regionId())) {
            sim.record().note(Actor.WORKLOAD, "write skipped: no region " + w.regionId() + " in this world");
            return;
        }
        Store leader = leaderOf(w.regionId());
        if (leader == null) {
            sim.record().note(Actor.WORKLOAD, "write to region " + w.regionId() + " skipped: no store leads it");
            return;
        }
        leader.write(w.regionId(), w.bytes());
    }

    private void splitCheck(SplitOperation.SplitCheck c) {
        if (!holds(c.regionId())) {
            sim.record().note(Actor.WORKLOAD, "split check skipped: no region " + c.regionId() + " in this world");
        } else if (!stores.contains(c.store())) {
            sim.record()
                    .note(Actor.WORKLOAD, "split check of region " + c.regionId() + " skipped: no store " + c.store());
        } else {
            Store s = sim.nodes().node(c.store(), Store.class);
            if (s == null) {
                sim.record()
                        .note(
                                Actor.WORKLOAD,
                                "split check of region " + c.regionId() + " skipped: " + c.store() + " is down");
            } else {
                RegionPeer p = s.peer(c.regionId());
                if (!p.raft().isLeader()) {
                    // The checker runs, but a follower's check proposes nothing: say so in the trace.
                    sim.record()
                            .note(
                                    Actor.WORKLOAD,
                                    "split check of region " + c.regionId() + " on " + c.store()
                                            + ": not its leader, nothing proposed");
                } else {
                    // for U8: a pre-split of this epoch may be the pick's, whatever the region's size
                    forced.picked(c.regionId(), p.split().meta().shardVer());
                }
                s.splitRegionByChecker(c.regionId());
            }
        }
    }

    /** Notes how many splits started and finished, before the end-of-run validations. */
    @Override
    public void atEnd() {
        sim.record().note(Actor.node("splits"), "started " + tracker.started() + " finished " + tracker.finished());
    }

    /**
     * Applies the scenario's own fault kinds (all momentary, so {@code starts} is always true);
     * false for kinds the kernel or another handler owns.
     */
    public boolean applyFault(Fault fault, boolean starts) {
        if (fault instanceof SplitFaults.TransferLeader t) {
            transferLeader(t);
            return true;
        }
        if (fault instanceof SplitFaults.SlowFlush f) {
            if (!stores.contains(f.store())) {
                sim.record().note(Actor.FAULTS, "slow flush skipped: no store " + f.store());
                return true;
            }
            Store s = sim.nodes().node(f.store(), Store.class);
            if (s != null) {
                s.slowNextFlush(f.extraMicros());
            }
            return true;
        }
        return false;
    }

    private void transferLeader(SplitFaults.TransferLeader t) {
        if (!holds(t.regionId())) {
            sim.record().note(Actor.FAULTS, "leader transfer skipped: no region " + t.regionId() + " in this world");
        } else if (!stores.contains(t.to())) {
            sim.record()
                    .note(Actor.FAULTS, "leader transfer of region " + t.regionId() + " skipped: no store " + t.to());
        } else {
            Store leader = leaderOf(t.regionId());
            if (leader == null) {
                sim.record().note(Actor.FAULTS, "no leader of region " + t.regionId() + " to transfer");
            } else {
                leader.peer(t.regionId()).raft().transferLeader(t.to());
            }
        }
    }
}
