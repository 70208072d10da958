package shardsim.testkit.arbitraries;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import shardsim.core.fault.End;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.KernelKind;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.kind.Range;

/**
 * Kernel faults as shrinkable episodes. An episode is one fault, or a lasting fault and its end
 * generated together (a partition and its heal, a crash and its restart), so any subset of a
 * plan's episodes, which is what list shrinking tries, is still a well-formed plan. Times shrink
 * toward the start of the window and durations toward their minimum.
 */
public final class FaultArbitraries {
    /** The shortest lasting fault generated. */
    public static final long MIN_DURATION_MICROS = 10_000;
    /** The largest clock offset of {@link #kernelEpisodes}, plus or minus. */
    public static final long MAX_SKEW_MICROS = 1_000_000;

    private FaultArbitraries() {}

    /** Where and how long faults may fall. */
    public record Window(long startMicros, long endMicros, long maxDurationMicros) {
        public Window {
            if (startMicros < 0
                    || endMicros <= startMicros + MIN_DURATION_MICROS
                    || maxDurationMicros < MIN_DURATION_MICROS) {
                throw new IllegalArgumentException(
                        "bad fault window " + startMicros + ".." + endMicros + " max " + maxDurationMicros);
            }
        }

        Arbitrary<Long> starts() {
            return Arbitraries.longs().between(startMicros, endMicros - MIN_DURATION_MICROS - 1);
        }

        Arbitrary<Long> durations() {
            return Arbitraries.longs().between(MIN_DURATION_MICROS, maxDurationMicros);
        }

        /** A start and an end inside the window, at least the minimum duration apart. */
        Arbitrary<long[]> spans() {
            return Combinators.combine(starts(), durations()).as((at, d) ->
                    new long[] {at, Math.min(endMicros - 1, at + d)});
        }
    }

    /**
     * The whole numbers of a {@link Range} a kind declares for its seeded generator, so a jqwik
     * plan covers the same values from the same one declaration; shrinks toward its minimum.
     */
    public static Arbitrary<Long> longs(Range range) {
        return Arbitraries.longs().between(range.min(), range.max());
    }

    /** Two distinct nodes, as an ordered pair. */
    static Arbitrary<List<String>> pairs(List<String> nodes) {
        if (nodes.size() < 2) {
            throw new IllegalArgumentException("a pair needs two nodes, got " + nodes);
        }
        return Arbitraries.of(nodes).list().ofSize(2).uniqueElements();
    }

    /** Symmetric partitions between two of {@code nodes}, each healed inside {@code window}. */
    public static Arbitrary<List<TimedFault>> partitions(List<String> nodes, Window w) {
        return Combinators.combine(pairs(nodes), w.spans())
                .as((p, s) -> List.of(
                        new TimedFault(s[0], new NetFault.Partition(p.get(0), p.get(1))),
                        new TimedFault(s[1], new End(new NetFault.Partition(p.get(0), p.get(1))))));
    }

    /** One-way partitions between two of {@code nodes}, each healed inside {@code window}. */
    public static Arbitrary<List<TimedFault>> oneWayPartitions(List<String> nodes, Window w) {
        return Combinators.combine(pairs(nodes), w.spans())
                .as((p, s) -> List.of(
                        new TimedFault(s[0], new NetFault.PartitionOneWay(p.get(0), p.get(1))),
                        new TimedFault(s[1], new End(new NetFault.PartitionOneWay(p.get(0), p.get(1))))));
    }

    /** Crashes of one of {@code nodes}, each followed by its restart inside {@code window}. */
    public static Arbitrary<List<TimedFault>> crashes(List<String> crashable, Window w) {
        return Combinators.combine(Arbitraries.of(crashable), w.spans())
                .as((n, s) -> List.of(
                        new TimedFault(s[0], new NodeFault.Crash(n)), new TimedFault(s[1], new NodeFault.Restart(n))));
    }

    /** Clogs between two of {@code nodes}, each clearing inside {@code window}. */
    public static Arbitrary<List<TimedFault>> clogs(List<String> nodes, Window w) {
        return Combinators.combine(pairs(nodes), w.starts(), w.durations())
                .as((p, at, d) -> List.of(new TimedFault(at, new NetFault.Clog(p.get(0), p.get(1), d))));
    }

    /** Clock skews of one of {@code nodes} within plus or minus {@code maxSkewMicros}, inside {@code window}. */
    public static Arbitrary<List<TimedFault>> clockSkews(List<String> nodes, Window w, long maxSkewMicros) {
        return Combinators.combine(
                        Arbitraries.of(nodes), w.starts(), Arbitraries.longs().between(-maxSkewMicros, maxSkewMicros))
                .as((n, at, skew) -> List.of(new TimedFault(at, new NodeFault.ClockSkew(n, skew))));
    }

    /** Any kernel episode, one kind of {@link KernelKind} each: partitions, one-way partitions, crashes (of {@code crashable}), clogs and clock skews. */
    public static Arbitrary<List<TimedFault>> kernelEpisodes(List<String> nodes, List<String> crashable, Window w) {
        List<Arbitrary<List<TimedFault>>> kinds = new ArrayList<>();
        for (KernelKind k : KernelKind.values()) {
            switch (k) {
                case PARTITION:
                    kinds.add(partitions(nodes, w));
                    break;
                case PARTITION_ONE_WAY:
                    kinds.add(oneWayPartitions(nodes, w));
                    break;
                case CRASH:
                    if (!crashable.isEmpty()) {
                        kinds.add(crashes(crashable, w));
                    }
                    break;
                case CLOG:
                    kinds.add(clogs(nodes, w));
                    break;
                case CLOCK_SKEW:
                    kinds.add(clockSkews(nodes, w, MAX_SKEW_MICROS));
                    break;
                default:
                    throw new IllegalStateException("no arbitrary for kernel kind " + k);
            }
        }
        return Arbitraries.oneOf(kinds);
    }

    /** A plan of up to {@code maxEpisodes} episodes; shrinks to fewer episodes, then simpler ones. */
    public static Arbitrary<FaultPlan> plans(Arbitrary<List<TimedFault>> episodes, int maxEpisodes) {
        return episodes.list().ofMaxSize(maxEpisodes).map(FaultArbitraries::flatten);
    }

    /** Kernel fault plans over these nodes. */
    public static Arbitrary<FaultPlan> kernelPlans(
            List<String> nodes, List<String> crashable, Window w, int maxEpisodes) {
        return plans(kernelEpisodes(nodes, crashable, w), maxEpisodes);
    }

    /** Two plans merged into one (for kernel faults plus a scenario's own). */
    public static Arbitrary<FaultPlan> merged(Arbitrary<FaultPlan> a, Arbitrary<FaultPlan> b) {
        return Combinators.combine(a, b).as(FaultPlan::merge);
    }

    static FaultPlan flatten(List<List<TimedFault>> episodes) {
        List<TimedFault> all = new ArrayList<>();
        for (List<TimedFault> e : episodes) {
            all.addAll(e);
        }
        return new FaultPlan(all);
    }
}
