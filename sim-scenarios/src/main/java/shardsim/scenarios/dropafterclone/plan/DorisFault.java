package shardsim.scenarios.dropafterclone.plan;

import shardsim.core.fault.Fault;
import shardsim.core.fault.LastingFault;
import shardsim.core.kind.Quantity;
import shardsim.core.kind.Unit;
import shardsim.scenarios.dropafterclone.model.Backend;
import shardsim.scenarios.dropafterclone.model.DorisCluster;

/** The scenario's own fault kinds, applied by {@link DorisCluster}. */
public sealed interface DorisFault extends Fault {
    /** The FE's ReportHandler takes {@code extraMicros} longer per report until the fault ends. */
    record SlowReports(@Quantity(Unit.MICROS) long extraMicros) implements DorisFault, LastingFault {
        public SlowReports {
            if (extraMicros < 0) {
                throw new IllegalArgumentException("negative slow-report delay");
            }
        }
    }

    /**
     * A BE's task pool ("clone" or "drop") is busy for {@code micros} (a large tablet, a slow
     * disk), so the tasks behind it wait: how a DROP comes to run after a later CLONE. Momentary
     * as a fault (it carries its own duration, so there is no end to pair it with); a stall of a
     * backend the cluster does not have is skipped with a note.
     */
    record StallPool(
            String backend,
            String pool,
            @Quantity(Unit.MICROS) long micros) implements DorisFault {
        public StallPool {
            if (!Backend.CLONE_POOL.equals(pool) && !Backend.DROP_POOL.equals(pool)) {
                throw new IllegalArgumentException("unknown task pool " + pool);
            }
            if (micros <= 0) {
                throw new IllegalArgumentException("stall must last");
            }
        }
    }

    /**
     * The FE's next agent-task RPC to {@code backend} waits {@code micros} in its executor thread
     * before it leaves (a thrift client that must connect, a busy executor). Each agent batch runs
     * on its own executor thread ({@code AgentTaskExecutor}, a cached thread pool), so a batch
     * submitted later, to the same backend, can reach it first: how the report's DROP, sent at
     * .809, arrived after the CLONE sent at .812. Momentary: it carries its own duration and
     * applies to one RPC; one aimed at a backend the cluster does not have is skipped with a note.
     */
    record SlowAgentRpc(
            String backend, @Quantity(Unit.MICROS) long micros) implements DorisFault {
        public SlowAgentRpc {
            if (backend == null) {
                throw new IllegalArgumentException("a slow agent RPC needs a backend");
            }
            if (micros <= 0) {
                throw new IllegalArgumentException("a slow agent RPC must last");
            }
        }
    }
}
