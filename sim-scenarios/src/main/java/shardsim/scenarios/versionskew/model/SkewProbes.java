package shardsim.scenarios.versionskew.model;

import java.util.List;

/**
 * The code probes of version-skew ({@code NodeContext.probe}): one where each of the scenario's
 * fault kinds takes effect, and one per kind of DDL the workload gets done. A fixed-mode sweep of
 * the generated plans hits every one; one that does not has stopped testing the fix against it.
 */
public final class SkewProbes {
    /** A DataNode's engine failed a create or drop (SkewFault.EngineFailure). */
    static final String ENGINE_FAILURE = "engine-failure";
    /** A DataNode swallowed its response (SkewFault.DropResponse). */
    static final String RESPONSE_DROPPED = "response-dropped";
    /** A DataNode sent its next heartbeat late (SkewFault.HeartbeatDelay). */
    static final String HEARTBEAT_DELAYED = "heartbeat-delayed";
    /** Meta crashed between a node's reply and its persist (SkewFault.MetaCrashBeforePersist). */
    static final String META_CRASH_BEFORE_PERSIST = "meta-crash-before-persist";
    /** A shard opened on another node than its last leader: a move took effect (SkewFault.TransferLeader). */
    static final String LEADER_TRANSFER = "leader-transfer";
    /** The client was told a workload CREATE TABLE succeeded. */
    static final String CREATE_SUCCEEDED = "create-succeeded";
    /** The client was told a workload DROP TABLE succeeded. */
    static final String DROP_SUCCEEDED = "drop-succeeded";

    public static final List<String> ALL = List.of(
            ENGINE_FAILURE,
            RESPONSE_DROPPED,
            HEARTBEAT_DELAYED,
            META_CRASH_BEFORE_PERSIST,
            LEADER_TRANSFER,
            CREATE_SUCCEEDED,
            DROP_SUCCEEDED);

    private SkewProbes() {}
}
