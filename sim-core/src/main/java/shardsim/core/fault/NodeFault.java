package shardsim.core.fault;

/** Faults of nodes, applied by the kernel. */
public sealed interface NodeFault extends Fault {
    String node();

    /** Stops the node: volatile state, timers, pending calls, worker queues and unflushed writes are lost. */
    record Crash(String node) implements NodeFault {
        @Override
        public int activityDelta() {
            return 1;
        }
    }

    /** Starts a crashed node again: a new instance recovers from its disk. */
    record Restart(String node) implements NodeFault {
        @Override
        public int activityDelta() {
            return -1;
        }

        @Override
        public boolean ends(Fault start) {
            return start instanceof Crash c && c.node().equals(node);
        }
    }

    /** Sets the node's clock offset from virtual time. */
    record ClockSkew(String node, long skewMicros) implements NodeFault {
    }
}
