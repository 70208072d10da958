package shardsim.core.fault;

import shardsim.core.kind.Quantity;
import shardsim.core.kind.Unit;
import shardsim.core.net.LinkPolicy;

/** Faults of the network, applied by the kernel. */
public sealed interface NetFault extends Fault {
    /** Cuts both directions between two nodes until its {@link End} restores them. */
    record Partition(String a, String b) implements NetFault, LastingFault {}

    /** Cuts messages from {@code from} to {@code to} only, until its {@link End} restores them. */
    record PartitionOneWay(String from, String to) implements NetFault, LastingFault {}

    /**
     * Holds every message between two nodes (both ways) for {@code durationMicros}: they are
     * delivered late, not lost, so traffic arrives in a burst when the clog clears.
     */
    record Clog(String a, String b, @Quantity(Unit.MICROS) long durationMicros) implements NetFault {
        public Clog {
            if (durationMicros <= 0) {
                throw new IllegalArgumentException("clog duration must be positive");
            }
        }
    }

    /** Replaces the policy of the directed link {@code from -> to}. */
    record SetLink(String from, String to, LinkPolicy policy) implements NetFault {}
}
