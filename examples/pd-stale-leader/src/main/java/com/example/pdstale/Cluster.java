package com.example.pdstale;

import shardsim.core.node.NodeFactory;
import shardsim.core.run.Driver;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Actor;
import shardsim.core.workload.Operation;

/** PD and the stores in a simulation; performs a transfer by asking the region's leader to hand over. */
final class Cluster implements Driver {
    final Simulation sim;
    final PdWorld world;

    /**
     * @param pd PD's factory, handed its own row of the mode table by the kernel (PD may run another
     *     mode's code than the run's: {@code --node-mode pd=fixed}, an upgrade), so never the run's mode
     */
    Cluster(Simulation sim, PdWorld world, NodeFactory pd) {
        this.sim = sim;
        this.world = world;
        sim.nodes().add(PdWorld.PD, pd);
        for (String s : PdWorld.STORES) {
            sim.nodes().add(s, ctx -> new Store(ctx, world), false);
        }
    }

    Store store(String name) {
        return sim.nodes().node(name, Store.class);
    }

    /** The store leading {@code regionId} at the highest term (its real leader), or null (no such region, or before the stores boot). */
    String leader(long regionId) {
        String best = null;
        long bestTerm = -1;
        for (String s : PdWorld.STORES) {
            long t = store(s) == null ? -1 : store(s).leadsAt(regionId);
            if (t > bestTerm) {
                best = s;
                bestTerm = t;
            }
        }
        return best;
    }

    @Override
    public void perform(Operation operation) {
        if (!(operation instanceof TransferLeader t)) {
            throw new IllegalArgumentException("unknown operation " + operation);
        }
        String from = leader(t.regionId());
        if (from == null || !PdWorld.STORES.contains(t.toStore())) {
            sim.record().note(Actor.DRIVER, "transfer skipped: no region " + t.regionId() + " or store " + t.toStore() + " in this world");
            return;
        }
        store(from).transferLeader(t.regionId(), t.toStore());
    }
}
