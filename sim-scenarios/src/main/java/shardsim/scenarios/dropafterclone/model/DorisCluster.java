package shardsim.scenarios.dropafterclone.model;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import shardsim.core.fault.Fault;
import shardsim.core.node.NodeContext;
import shardsim.core.run.Driver;
import shardsim.core.sim.Nodes;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Actor;
import shardsim.core.workload.Operation;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;
import shardsim.scenarios.dropafterclone.plan.DorisFault;
import shardsim.scenarios.dropafterclone.plan.DorisMode;
import shardsim.scenarios.dropafterclone.plan.DorisOperation;

/**
 * One FE and its BEs inside a simulation: seeds the initial placement on the disks, adds the
 * nodes, applies the scenario's faults, and is the driver's handle for balance moves.
 */
public final class DorisCluster implements Driver {
    public static final String FE = "fe";

    private final Simulation sim;
    private final List<String> backends;
    private final List<Long> tablets;
    private final FaultState faultState = new FaultState();
    private final DorisConfig config;
    private final Function<String, DorisMode> code;

    /** A cluster whose processes all run the code of {@code mode}. */
    public DorisCluster(
            Simulation sim,
            DorisConfig config,
            DorisMode mode,
            List<String> backends,
            Map<Long, List<String>> placement,
            Map<String, Long> reportPhaseMicros,
            long firstReplicaId) {
        this(sim, config, node -> mode, backends, placement, reportPhaseMicros, firstReplicaId);
    }

    /**
     * @param code the row of the mode table each node's process runs when the cluster is built (the
     *     initial copies are written by it); an incarnation runs the code the run gave it
     *     ({@code NodeContext.code()}), or this row in a simulation built without the run skeleton
     * @param placement tablet id to the backends holding its initial replicas, in order
     * @param reportPhaseMicros per backend, the offset of its report within the interval
     * @param firstReplicaId the replica id generator's first value
     */
    public DorisCluster(
            Simulation sim,
            DorisConfig config,
            Function<String, DorisMode> code,
            List<String> backends,
            Map<Long, List<String>> placement,
            Map<String, Long> reportPhaseMicros,
            long firstReplicaId) {
        if (backends.size() < 3) {
            throw new IllegalArgumentException("the scenario needs at least 3 BEs");
        }
        this.sim = sim;
        this.config = config;
        this.code = code;
        this.backends = List.copyOf(backends);
        this.tablets = List.copyOf(placement.keySet());
        sim.nodes()
                .add(
                        FE,
                        ctx -> new Frontend(
                                ctx,
                                config,
                                codeOf(ctx, code),
                                faultState,
                                sim.record().metrics()));
        for (String be : backends) {
            long phase = reportPhaseMicros.get(be);
            sim.nodes().add(be, ctx -> new Backend(ctx, config, codeOf(ctx, code), FE, phase));
        }
        boolean feSetsIds = code.apply(FE).replicaIdFields();
        Catalog.initReplicaIds(sim.nodes().disk(FE), firstReplicaId);
        for (Map.Entry<Long, List<String>> e : placement.entrySet()) {
            long tabletId = e.getKey();
            TabletMeta meta = new TabletMeta(tabletId, e.getValue().size(), List.of());
            for (String be : e.getValue()) {
                long replicaId = Catalog.nextReplicaId(sim.nodes().disk(FE));
                meta = meta.with(new Replica(replicaId, be, Replica.State.NORMAL));
                // The copies predate the run: created by the FE's CreateReplicaTask on the BE, the id
                // reaches the BE's tablet meta only when both were built with PR #9971's field.
                long metaId = feSetsIds && code.apply(be).replicaIdFields() ? replicaId : 0;
                TabletStore.seed(sim.nodes().disk(be), new LocalTablet(tabletId, metaId, replicaId));
                sim.record().note(Actor.node(FE), "create tablet " + tabletId + " replica " + replicaId + " on " + be);
            }
            Catalog.put(sim.nodes().disk(FE), meta);
        }
        sim.faults().onFault(this::applyFault);
    }

    /** The row {@code node} runs now (see {@link #codeOf(NodeContext, Function)}), for checks that judge only a build of the fix. */
    public DorisMode runs(String node) {
        return row(sim.nodes().codeOf(node), node, code);
    }

    /**
     * The row an incarnation runs: the code the run gave it (an upgrade or a downgrade starts an
     * incarnation on other code), or, in a simulation built without the run skeleton, {@code code}'s.
     */
    private static DorisMode codeOf(NodeContext ctx, Function<String, DorisMode> code) {
        return row(ctx.code(), ctx.name(), code);
    }

    /** The row of the code a run gave {@code node}, or {@code code}'s when the run gave none. */
    private static DorisMode row(String given, String node, Function<String, DorisMode> code) {
        return Nodes.NO_CODE.equals(given) ? code.apply(node) : DorisMode.forMode(given);
    }

    public List<String> backends() {
        return backends;
    }

    public DorisConfig config() {
        return config;
    }

    /** What the scenario's faults hold in force, for the progress check (D4). */
    public FaultState faultState() {
        return faultState;
    }

    /** The tablets the cluster was created with, in the placement's order (the checks track their copies). */
    public List<Long> tablets() {
        return tablets;
    }

    public Simulation sim() {
        return sim;
    }

    /** Asks the FE's TabletScheduler for a move; nothing happens while the FE is down. */
    public void balance(long tabletId, String dest) {
        Frontend fe = sim.nodes().node(FE, Frontend.class);
        if (fe == null) {
            sim.record().note(Actor.DRIVER, "FE down, balance of tablet " + tabletId + " not scheduled");
            return;
        }
        fe.balance(tabletId, dest);
    }

    /**
     * Performs one workload operation. One that names a tablet or backend this world does not
     * have is skipped with a note, so any list of operations is a valid workload.
     */
    @Override
    public void perform(Operation operation) {
        if (operation instanceof DorisOperation.Balance b) {
            if (!tablets.contains(b.tabletId())) {
                sim.record().note(Actor.WORKLOAD, "balance skipped: no tablet " + b.tabletId() + " in this cluster");
            } else if (!backends.contains(b.destBackend())) {
                sim.record()
                        .note(Actor.WORKLOAD, "balance skipped: no backend " + b.destBackend() + " in this cluster");
            } else {
                balance(b.tabletId(), b.destBackend());
            }
        } else {
            throw new IllegalStateException("unknown operation " + operation);
        }
    }

    private boolean applyFault(Fault fault, boolean starts) {
        if (fault instanceof DorisFault.SlowReports s) {
            faultState.setReportExtraMicros(starts ? s.extraMicros() : 0);
        } else if (fault instanceof DorisFault.StallPool s) {
            if (!backends.contains(s.backend())) {
                sim.record().note(Actor.FAULTS, "stall skipped: no backend " + s.backend() + " in this cluster");
            } else {
                Backend be = sim.nodes().node(s.backend(), Backend.class);
                if (be != null) {
                    if (Backend.CLONE_POOL.equals(s.pool())) {
                        faultState.cloneStallStarted(s.backend());
                        be.stall(s.pool(), s.micros(), () -> faultState.cloneStallEnded(s.backend(), sim.now()));
                    } else {
                        be.stall(s.pool(), s.micros(), () -> {});
                    }
                }
            }
        } else if (fault instanceof DorisFault.SlowAgentRpc s) {
            if (!backends.contains(s.backend())) {
                sim.record()
                        .note(Actor.FAULTS, "slow agent RPC skipped: no backend " + s.backend() + " in this cluster");
            } else {
                faultState.armSlowAgentRpc(s.backend(), s.micros());
            }
        } else {
            return false;
        }
        return true;
    }
}
