package shardsim.scenarios.versionskew;

import shardsim.core.fault.Fault;

/**
 * The scenario's own fault records. Each lasting fault is a pair (start +1, end -1), so the
 * kernel's quiet time, and with it the C2/C3 windows, only starts once every one has ended.
 */
public sealed interface SkewFault extends Fault {
    /** The node applies its next request of kind {@code request} but its response is lost. */
    record DropResponse(String node, String request) implements SkewFault {
        @Override
        public int activityDelta() {
            return 1;
        }
    }

    /** Ends a {@link DropResponse} whether or not it fired. */
    record DropResponseEnd(String node) implements SkewFault {
        @Override
        public int activityDelta() {
            return -1;
        }

        @Override
        public boolean ends(Fault start) {
            return start instanceof DropResponse d && d.node().equals(node);
        }
    }

    /** A response was dropped (traced when a {@link DropResponse} fires). */
    record ResponseDropped(String node, String request) implements SkewFault {
    }

    /** The node's engine fails creates and drops with this probability. */
    record EngineFailure(String node, double probability) implements SkewFault {
        public EngineFailure {
            if (!(probability >= 0 && probability <= 1)) {
                throw new IllegalArgumentException("engine failure probability must be in [0, 1]: " + probability);
            }
        }

        @Override
        public int activityDelta() {
            return 1;
        }
    }

    record EngineFailureEnd(String node) implements SkewFault {
        @Override
        public int activityDelta() {
            return -1;
        }

        @Override
        public boolean ends(Fault start) {
            return start instanceof EngineFailure e && e.node().equals(node);
        }
    }

    /** Meta crashes after the next node reply that it would persist, before persisting it. */
    record MetaCrashBeforePersist(long restartAfterMicros) implements SkewFault {
        @Override
        public int activityDelta() {
            return 1;
        }
    }

    record MetaCrashBeforePersistEnd() implements SkewFault {
        @Override
        public int activityDelta() {
            return -1;
        }

        @Override
        public boolean ends(Fault start) {
            return start instanceof MetaCrashBeforePersist;
        }
    }

    /** The node's heartbeats go out this much later than their period. */
    record HeartbeatDelay(String node, long extraMicros) implements SkewFault {
        @Override
        public int activityDelta() {
            return 1;
        }
    }

    record HeartbeatDelayEnd(String node) implements SkewFault {
        @Override
        public int activityDelta() {
            return -1;
        }

        @Override
        public boolean ends(Fault start) {
            return start instanceof HeartbeatDelay h && h.node().equals(node);
        }
    }

    /** Meta's scheduler moves a shard's leadership to another node. */
    record TransferLeader(int shardId, String to) implements SkewFault {
    }
}
