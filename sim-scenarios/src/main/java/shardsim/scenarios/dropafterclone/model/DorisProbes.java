package shardsim.scenarios.dropafterclone.model;

import java.util.List;

/**
 * The code probes of drop-after-clone ({@code NodeContext.probe}): one where each of the scenario's
 * fault kinds takes effect. A fixed-mode sweep of the generated plans hits every one; one that does
 * not has stopped testing the fix against it. (The work itself, a finished move, is the mutation
 * test's progress metric, clone-latency.)
 */
public final class DorisProbes {
    /** A BE's clone pool was held busy (DorisFault.StallPool on the clone pool). */
    static final String CLONE_POOL_STALLED = "clone-pool-stalled";
    /** A BE's drop pool was held busy (DorisFault.StallPool on the drop pool). */
    static final String DROP_POOL_STALLED = "drop-pool-stalled";
    /** The FE's agent RPC to a BE waited for its client (DorisFault.SlowAgentRpc). */
    static final String SLOW_AGENT_RPC = "slow-agent-rpc";
    /** The FE took longer to handle a report (DorisFault.SlowReports). */
    static final String SLOW_REPORT = "slow-report";

    public static final List<String> ALL = List.of(CLONE_POOL_STALLED, DROP_POOL_STALLED, SLOW_AGENT_RPC, SLOW_REPORT);

    private DorisProbes() {}
}
