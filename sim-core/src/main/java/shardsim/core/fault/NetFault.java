package shardsim.core.fault;

import shardsim.core.net.LinkPolicy;

/** Faults of the network, applied by the kernel. */
public sealed interface NetFault extends Fault {
    /** Cuts both directions between two nodes. */
    record Partition(String a, String b) implements NetFault {
        @Override
        public int activityDelta() {
            return 1;
        }
    }

    /** Cuts messages from {@code from} to {@code to} only. */
    record PartitionOneWay(String from, String to) implements NetFault {
        @Override
        public int activityDelta() {
            return 1;
        }
    }

    /** Restores both directions between two nodes. */
    record Heal(String a, String b) implements NetFault {
        @Override
        public int activityDelta() {
            return -1;
        }

        @Override
        public boolean ends(Fault start) {
            return start instanceof Partition p && (p.a().equals(a) && p.b().equals(b) || p.a().equals(b) && p.b().equals(a));
        }
    }

    /** Restores the one direction a {@link PartitionOneWay} cut. */
    record HealOneWay(String from, String to) implements NetFault {
        @Override
        public int activityDelta() {
            return -1;
        }

        @Override
        public boolean ends(Fault start) {
            return start instanceof PartitionOneWay p && p.from().equals(from) && p.to().equals(to);
        }
    }

    /**
     * Holds every message between two nodes (both ways) for {@code durationMicros}: they are
     * delivered late, not lost, so traffic arrives in a burst when the clog clears.
     */
    record Clog(String a, String b, long durationMicros) implements NetFault {
        public Clog {
            if (durationMicros <= 0) {
                throw new IllegalArgumentException("clog duration must be positive");
            }
        }
    }

    /** Replaces the policy of the directed link {@code from -> to}. */
    record SetLink(String from, String to, LinkPolicy policy) implements NetFault {
    }
}
