package shardsim.core.fault;

import shardsim.core.kind.Quantity;
import shardsim.core.kind.Unit;

/**
 * Faults of nodes, applied by the kernel.
 *
 * <p>A crash and its restart are not a {@link LastingFault} and its {@link End}, on purpose. A
 * restart is an action of its own, not the undoing of one crash: it boots a new incarnation that
 * recovers from disk, and it is issued where no planned crash starts anything (version-skew's
 * meta crashes from inside a handler and schedules its own restart; split-stall aims restarts at
 * split stages). A crash may also stand alone for good, and a crash of a node already down or a
 * restart of one already up is a no-op that the kernel does not count. So the pair keeps its own
 * {@link Fault#ends} and counts, here and nowhere else.
 */
public sealed interface NodeFault extends Fault {
    /** The node the fault hits. */
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
    record ClockSkew(
            String node, @Quantity(Unit.SKEW_MICROS) long skewMicros) implements NodeFault {}

    /**
     * An operator restarts the node's process running the code of another mode of the scenario
     * ({@link Upgrade} towards the fix, {@link Downgrade} back). The kernel applies both the same
     * way: if the node is up, its volatile state, timers, pending calls and worker queues are lost
     * as in a crash, but its disk is kept whole (the process stops, the machine does not), and a new
     * incarnation running {@link #toMode()} recovers from it at once. If the node is down, it runs
     * {@code toMode} when it next restarts. A momentary fault: nothing stays in force.
     */
    sealed interface CodeChange extends NodeFault permits Upgrade, Downgrade {
        /** The mode whose code the node runs from now on. */
        String toMode();
    }

    /** Restarts the node on the code of {@code toMode} (the newer code); see {@link CodeChange}. */
    record Upgrade(String node, String toMode) implements CodeChange {}

    /** Restarts the node on the code of {@code toMode} (the older code, a rollback); see {@link CodeChange}. */
    record Downgrade(String node, String toMode) implements CodeChange {}
}
