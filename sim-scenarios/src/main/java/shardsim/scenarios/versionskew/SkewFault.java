package shardsim.scenarios.versionskew;

import shardsim.core.fault.Fault;
import shardsim.core.fault.LastingFault;

/**
 * The scenario's own fault records. The lasting ones stay in force until their kernel
 * {@link shardsim.core.fault.End}, so the kernel's quiet time, and with it the C2/C3 windows, only
 * starts once every one has ended.
 */
public sealed interface SkewFault extends Fault {
    /** The node applies its next request of kind {@code request} but its response is lost; its end disarms it whether or not it fired. */
    record DropResponse(String node, String request) implements SkewFault, LastingFault {
    }

    /** A response was dropped (traced when a {@link DropResponse} fires). */
    record ResponseDropped(String node, String request) implements SkewFault {
    }

    /** The node's engine fails creates and drops with this probability. */
    record EngineFailure(String node, double probability) implements SkewFault, LastingFault {
        public EngineFailure {
            if (!(probability >= 0 && probability <= 1)) {
                throw new IllegalArgumentException("engine failure probability must be in [0, 1]: " + probability);
            }
        }
    }

    /** Meta crashes after the next node reply that it would persist, before persisting it. */
    record MetaCrashBeforePersist(long restartAfterMicros) implements SkewFault, LastingFault {
    }

    /** The node's heartbeats go out this much later than their period. */
    record HeartbeatDelay(String node, long extraMicros) implements SkewFault, LastingFault {
    }

    /** Meta's scheduler moves a shard's leadership to another node. */
    record TransferLeader(int shardId, String to) implements SkewFault {
    }
}
