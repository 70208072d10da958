package com.example.pdstale;

import java.util.List;
import java.util.Optional;
import shardsim.core.check.ClaimTable;
import shardsim.core.check.Rule;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.random.SimRandom;
import shardsim.core.run.Draw;
import shardsim.core.run.RunShape;
import shardsim.core.run.Script;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.ScenarioPresentation;
import shardsim.core.scenario.WorldNames;
import shardsim.core.sim.Simulation;
import shardsim.core.workload.Operation;
import shardsim.core.workload.Workload;

/**
 * tikv/pd #2657: a leader transfer leaves the region epoch as it was, so PD's epoch check lets a
 * delayed heartbeat from the old leader overwrite the new leader in its cache. tikv/pd #2667
 * (a9cdb2d4e5) fixes it: PreCheckPutRegion also rejects a heartbeat whose term is behind.
 * README.md beside the pom lists what follows which upstream code.
 */
public final class PdStaleLeaderScenario extends SimulatedScenario<PdWorld, PdMode, Cluster> {
    private static final long S = PdWorld.SECOND;

    @Override
    public String name() {
        return "pd-stale-leader";
    }

    @Override
    public String description() {
        return "TiKV/PD: a delayed heartbeat from a region's old leader overwrites the new leader in PD's region cache";
    }

    /** For reports only, and optional: where the bug comes from (the README carries the fidelity table). */
    @Override
    public Optional<ScenarioPresentation> presentation() {
        return Optional.of(new ScenarioPresentation() {
            @Override
            public String upstream() {
                return "tikv/pd #2657, Consider check the term when update the leader (fixed by #2667)";
            }
        });
    }

    @Override
    public List<Rule> invariants() {
        return Checks.ALL;
    }

    /**
     * What each mode claims, declared once: both claim P1 and P2, and {@code buggy} is expected to
     * break P1, the reported bug (a broken claim still fails the run: that is the reproduction).
     * A gap the fix leaves open would be declared here too, with {@code gap(...)} and its reason.
     */
    @Override
    public ClaimTable claims() {
        return ClaimTable.builder(Checks.ALL, modes())
                .expectedBreak(Checks.P1, "the reported bug: the epoch check alone lets the old leader's delayed heartbeat overwrite the new leader (tikv/pd #2657)",
                        "buggy")
                .build();
    }

    @Override
    public List<Class<? extends Operation>> operationKinds() {
        return List.of(TransferLeader.class);
    }

    @Override
    protected List<PdMode> modeTable() {
        return PdMode.TABLE;
    }

    @Override
    protected PdWorld world(String base, long seed) {
        return Plans.DOCUMENTED.equals(base) ? PdWorld.documented() : PdWorld.draw(new SimRandom(seed).fork("world"));
    }

    @Override
    protected RunShape shape(PdWorld world, LinkPolicy link) {
        return new RunShape(10 * S, world.tailStartMicros(), world.endMicros(), 2_000_000);
    }

    /** Store-1's heartbeat of 60 s waits in a clog to PD until 75 s; at 62 s region 2 moves to store-2, whose heartbeat gets there first. */
    @Override
    protected Script documented(PdWorld world) {
        LinkPolicy link = new LinkPolicy(0, 0, new Delay.Uniform(200, 2_000), LinkPolicy.DEFAULT_CAPACITY);
        FaultPlan faults = FaultPlan.builder().at(55 * S, new NetFault.Clog("store-1", PdWorld.PD, 20 * S)).build();
        return new Script(link, faults, Workload.builder().at(62 * S, new TransferLeader(2, "store-2")).build());
    }

    /** Two to twenty transfers of any region to any store, through the fault window. */
    @Override
    protected Workload workload(PdWorld world, Draw draw) {
        SimRandom r = draw.fork("transfers");
        int n = (int) r.between(2, 20);
        draw.param("transfers", n);
        Workload.Builder w = Workload.builder();
        for (int i = 0; i < n; i++) {
            long region = world.regionIds().get(r.nextInt(world.regions().size()));
            w.at(r.between(10 * S, world.tailStartMicros() - 1), new TransferLeader(region, PdWorld.STORES.get(r.nextInt(PdWorld.STORES.size()))));
        }
        return w.build();
    }

    /** Links are reliable in the quiet tail, where P2 is judged. */
    @Override
    protected LinkPolicy quietLink(LinkPolicy link) {
        return LinkPolicy.reliable();
    }

    @Override
    protected Cluster build(Simulation sim, PdWorld world, PdMode mode, RunShape shape) {
        // PD's code is its own incarnation's (coded), not the run's mode: a mixed run may give it another.
        Cluster c = new Cluster(sim, world, coded(Pd::new));
        Checks.register(c);
        return c;
    }

    /** A plan may crash PD only, transfer this world's regions, to its stores. */
    @Override
    protected WorldNames names(PdWorld world) {
        List<String> pd = world.crashableNodes();
        return WorldNames.builder().nodes(world.nodes()).field(NodeFault.Crash.class, "node", pd).field(NodeFault.Restart.class, "node", pd)
                .field("toStore", PdWorld.STORES).field("regionId", world.regionIds()).build();
    }
}
