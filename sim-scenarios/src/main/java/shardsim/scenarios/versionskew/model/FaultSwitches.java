package shardsim.scenarios.versionskew.model;

import java.util.TreeMap;
import shardsim.core.fault.Fault;
import shardsim.core.fault.NodeFault;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.versionskew.plan.SkewFault;

/**
 * The scenario faults in force, read by the nodes when they act. One per run; it lives outside the
 * nodes because a fault outlives a node's crash.
 */
public final class FaultSwitches {
    private final Simulation sim;
    private final TreeMap<String, String> dropResponse = new TreeMap<>();
    private final TreeMap<String, Double> engineFailure = new TreeMap<>();
    private final TreeMap<String, Long> heartbeatDelay = new TreeMap<>();
    private long metaCrashRestartMicros = -1;

    public FaultSwitches(Simulation sim) {
        this.sim = sim;
    }

    /**
     * The kernel's handler for {@link SkewFault} records: a lasting one switches on as it starts
     * and off (per node, whichever start set it) as it ends.
     */
    public boolean apply(Fault fault, boolean starts) {
        if (!(fault instanceof SkewFault)) {
            return false;
        }
        if (fault instanceof SkewFault.DropResponse d) {
            if (starts) {
                dropResponse.put(d.node(), d.request());
            } else {
                dropResponse.remove(d.node());
            }
        } else if (fault instanceof SkewFault.ResponseDropped) {
            // Traced by the kernel; nothing to change.
            return true;
        } else if (fault instanceof SkewFault.EngineFailure e) {
            if (starts) {
                engineFailure.put(e.node(), e.probability());
            } else {
                engineFailure.remove(e.node());
            }
        } else if (fault instanceof SkewFault.MetaCrashBeforePersist m) {
            metaCrashRestartMicros = starts ? m.restartAfterMicros() : -1;
        } else if (fault instanceof SkewFault.HeartbeatDelay h) {
            if (starts) {
                heartbeatDelay.put(h.node(), h.extraMicros());
            } else {
                heartbeatDelay.remove(h.node());
            }
        } else if (fault instanceof SkewFault.TransferLeader t) {
            MetaNode meta = sim.nodes().node(MetaNode.NAME, MetaNode.class);
            if (meta != null) {
                meta.transferLeader(t.shardId(), t.to());
            }
        } else {
            throw new IllegalStateException("unknown fault " + fault);
        }
        return true;
    }

    /** Whether the node must swallow the response to this request; consumes the switch. */
    public boolean takeDropResponse(String node, String requestKind) {
        String kind = dropResponse.get(node);
        if (kind == null || !kind.equals(requestKind)) {
            return false;
        }
        dropResponse.put(node, "");
        sim.faults().apply(new SkewFault.ResponseDropped(node, requestKind));
        return true;
    }

    public double engineFailureProbability(String node) {
        return engineFailure.getOrDefault(node, 0.0);
    }

    public long heartbeatDelayMicros(String node) {
        return heartbeatDelay.getOrDefault(node, 0L);
    }

    /**
     * Called by meta between a node's reply and its persist: if armed, crashes meta now (the
     * caller must return at once) and schedules its restart.
     */
    public boolean crashMetaBeforePersist() {
        if (metaCrashRestartMicros < 0) {
            return false;
        }
        long restartAfter = metaCrashRestartMicros;
        metaCrashRestartMicros = -1;
        sim.faults().apply(new NodeFault.Crash(MetaNode.NAME));
        sim.faults().injectAt(sim.now() + restartAfter, new NodeFault.Restart(MetaNode.NAME));
        return true;
    }
}
