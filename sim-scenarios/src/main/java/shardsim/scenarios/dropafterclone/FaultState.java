package shardsim.scenarios.dropafterclone;

import java.util.TreeMap;

/**
 * What the scenario's faults change while they are in force, read by the nodes they slow down.
 * It lives outside the nodes, so a fault in force survives a node's crash (the slowness is the
 * world's, not the process's). One per run; never shared between runs.
 */
public final class FaultState {
    private long reportExtraMicros;
    /** Per backend, the extra time the FE's next agent RPC to it waits (armed slow-agent-rpc faults). */
    private final TreeMap<String, Long> slowAgentRpc = new TreeMap<>();

    public long reportExtraMicros() {
        return reportExtraMicros;
    }

    void setReportExtraMicros(long micros) {
        this.reportExtraMicros = micros;
    }

    /** Arms a slow RPC to {@code backend}; two armed before an RPC add up. */
    void armSlowAgentRpc(String backend, long micros) {
        slowAgentRpc.merge(backend, micros, Long::sum);
    }

    /** The extra wait of the next RPC to {@code backend} (0 if none armed), disarming it. */
    long takeSlowAgentRpc(String backend) {
        Long micros = slowAgentRpc.remove(backend);
        return micros == null ? 0 : micros;
    }
}
