package shardsim.scenarios.dropafterclone.model;

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

    /**
     * Per backend, the stalls of its clone pool not over yet (a stall queued behind other tasks, or
     * lost with a crashed BE's pool, counts as not over), and when the last one ended. Read by the
     * progress check (D4) only.
     */
    private final TreeMap<String, Integer> cloneStallsOpen = new TreeMap<>();

    private final TreeMap<String, Long> cloneStallEnded = new TreeMap<>();

    void cloneStallStarted(String backend) {
        cloneStallsOpen.merge(backend, 1, Integer::sum);
    }

    void cloneStallEnded(String backend, long nowMicros) {
        cloneStallsOpen.merge(backend, -1, Integer::sum);
        cloneStallEnded.put(backend, nowMicros);
    }

    /** Whether a stall of {@code backend}'s clone pool is queued or running, or was lost with its BE. */
    public boolean cloneStallOpen(String backend) {
        return cloneStallsOpen.getOrDefault(backend, 0) > 0;
    }

    /** When the last stall of {@code backend}'s clone pool ended (Long.MIN_VALUE if none did). */
    public long cloneStallEnd(String backend) {
        return cloneStallEnded.getOrDefault(backend, Long.MIN_VALUE);
    }

    /** Whether a slow agent RPC to {@code backend} is armed and waits for the FE's next batch to it. */
    public boolean slowAgentRpcArmed(String backend) {
        return slowAgentRpc.containsKey(backend);
    }

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
