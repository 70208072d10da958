package shardsim.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import shardsim.core.sim.Simulation;

/**
 * Messages delivered per second of wall time through the whole kernel path. Each invocation
 * builds and runs one {@link PingModel} (building it is a small part of the cost); the counters
 * are reported per second, and {@code messages} is the figure that matters.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ThroughputBenchmark {

    /** Per-iteration totals that JMH turns into rates. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters {
        /** Messages handed to a receiver, duplicate copies included. */
        public long messages;
        /** Events the loop handled (deliveries, timeouts, boots). */
        public long events;

        @Setup(Level.Iteration)
        public void reset() {
            messages = 0;
            events = 0;
        }
    }

    /**
     * What the runs cost in this thread's CPU time, totalled over the measured iterations: on a
     * shared machine the wall-clock rate moves with everyone else's load, messages per CPU second
     * (messagesTimed / cpuMicros) much less.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        /** CPU time of the runs, in microseconds. */
        public long cpuMicros;
        /** The messages those runs delivered. */
        public long messagesTimed;
    }

    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    @State(Scope.Thread)
    public static class Model {
        final PingModel model = PingModel.standard();
        long seed;
    }

    @Benchmark
    public long pingPong(Model m, Counters c, CpuTime cpu) {
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        // A new seed each time so the JIT cannot specialise on one schedule.
        Simulation sim = m.model.run(m.seed++);
        cpu.cpuMicros += (THREADS.getCurrentThreadCpuTime() - cpu0) / 1_000;
        cpu.messagesTimed += sim.network().delivered();
        c.messages += sim.network().delivered();
        c.events += sim.eventNumber();
        return sim.record().trace().digest();
    }
}
