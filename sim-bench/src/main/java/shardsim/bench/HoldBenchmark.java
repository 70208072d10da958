package shardsim.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * The hold model: nanoseconds per hold (one removal of the earliest event plus one insertion) at
 * a steady number of pending events, for our queue and its peers. Lower is better.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HoldBenchmark {

    @Benchmark
    public long ours(HoldQueues.Ours q) {
        return q.hold();
    }

    @Benchmark
    public long jdkPriorityQueue(HoldQueues.JdkPriorityQueue q) {
        return q.hold();
    }

    @Benchmark
    public long ssjSplayTree(HoldQueues.SsjSplayTree q) {
        return q.hold();
    }

    @Benchmark
    public long ssjBinaryTree(HoldQueues.SsjBinaryTree q) {
        return q.hold();
    }

    @Benchmark
    public long ssjRedblackTree(HoldQueues.SsjRedblackTree q) {
        return q.hold();
    }

    @Benchmark
    public long ssjHenriksen(HoldQueues.SsjHenriksen q) {
        return q.hold();
    }
}
