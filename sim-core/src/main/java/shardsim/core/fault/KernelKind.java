package shardsim.core.fault;

import java.util.List;
import shardsim.core.random.SimRandom;

/**
 * The kernel fault kinds a generated plan draws, in the order their rates are weighed: each with
 * its record, its rate in a {@link FaultIntensity} and how one is drawn into a plan. The seeded
 * {@link FaultPlanGenerator} and the test kit's jqwik arbitraries list the kinds from here; the
 * fields, units and plan-file form of each record are its {@link shardsim.core.kind.Kind}.
 */
public enum KernelKind {
    /** A symmetric partition between two nodes, healed by its end. */
    PARTITION(NetFault.Partition.class) {
        @Override
        double rate(FaultIntensity in) {
            return in.partitionsPerMinute();
        }

        @Override
        void draw(Slot s, FaultPlan.Builder out) {
            out.lasting(s.at, s.until, new NetFault.Partition(s.a, s.b));
        }
    },
    /** A one-way partition, healed by its end. */
    PARTITION_ONE_WAY(NetFault.PartitionOneWay.class) {
        @Override
        double rate(FaultIntensity in) {
            return in.oneWayPartitionsPerMinute();
        }

        @Override
        void draw(Slot s, FaultPlan.Builder out) {
            out.lasting(s.at, s.until, new NetFault.PartitionOneWay(s.a, s.b));
        }
    },
    /** A crash of a crashable node and its restart; a node already down is not crashed again. */
    CRASH(NodeFault.Crash.class) {
        @Override
        double rate(FaultIntensity in) {
            return in.crashesPerMinute();
        }

        @Override
        void draw(Slot s, FaultPlan.Builder out) {
            int idx = s.random.nextInt(s.crashable.size());
            if (s.downUntil[idx] > s.at) {
                return;
            }
            s.downUntil[idx] = s.until + 1;
            String node = s.crashable.get(idx);
            out.at(s.at, new NodeFault.Crash(node));
            out.at(s.until, new NodeFault.Restart(node));
        }
    },
    /** A clog between two nodes for the drawn duration. */
    CLOG(NetFault.Clog.class) {
        @Override
        double rate(FaultIntensity in) {
            return in.clogsPerMinute();
        }

        @Override
        void draw(Slot s, FaultPlan.Builder out) {
            out.at(s.at, new NetFault.Clog(s.a, s.b, Math.max(1, s.until - s.at)));
        }
    },
    /** A node's clock offset, within plus or minus the intensity's largest. */
    CLOCK_SKEW(NodeFault.ClockSkew.class) {
        @Override
        double rate(FaultIntensity in) {
            return in.skewsPerMinute();
        }

        @Override
        void draw(Slot s, FaultPlan.Builder out) {
            out.at(s.at, new NodeFault.ClockSkew(s.a, s.random.between(-s.in.maxSkewMicros(), s.in.maxSkewMicros())));
        }
    };

    private final Class<? extends Fault> record;

    KernelKind(Class<? extends Fault> record) {
        this.record = record;
    }

    /** The kind's record (its fields and plan-file form: {@link shardsim.core.kind.Kind#of}). */
    public Class<? extends Fault> record() {
        return record;
    }

    /** How often per minute {@code in} has this kind happen. */
    abstract double rate(FaultIntensity in);

    /** Adds one fault of this kind, in the drawn slot, to {@code out}. */
    abstract void draw(Slot s, FaultPlan.Builder out);

    /**
     * Where and how long one generated fault falls, and what a kind needs to draw the rest: the
     * time, its end, two distinct nodes, and the crash bookkeeping.
     */
    static final class Slot {
        final SimRandom random;
        final FaultIntensity in;
        final List<String> crashable;
        final long[] downUntil;
        long at;
        long until;
        String a;
        String b;

        Slot(SimRandom random, FaultIntensity in, List<String> crashable) {
            this.random = random;
            this.in = in;
            this.crashable = crashable;
            // Crashed nodes may not crash again before their restart: track when each is back.
            this.downUntil = new long[crashable.size()];
        }
    }
}
