package shardsim.scenarios.dropafterclone.model;

import java.util.List;
import java.util.TreeMap;
import shardsim.core.node.NodeContext;
import shardsim.core.trace.Micros;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;

/**
 * The FE's {@code AgentTaskExecutor} (incubator-doris fae3eff2: a cached thread pool, each
 * {@code AgentBatchTask} on its own thread; {@code AgentBatchTask.run} borrows a client and makes
 * one {@code submitTasks} RPC per backend). A batch leaves the FE after its own dispatch delay, so
 * two batches to one backend are not ordered: a batch submitted later can arrive first. The
 * batch's tasks leave together, in order. A batch in flight dies with the FE.
 */
final class AgentExecutor {
    private final NodeContext ctx;
    private final DorisConfig config;
    private final FaultState faults;
    /**
     * Ghost state for coverage only (nothing in the model reads it): per tablet, the CLONEs and
     * DROPs in batches that have not left the FE yet. It goes with the FE, as its batches do.
     */
    private final TreeMap<Long, int[]> inBatch = new TreeMap<>();

    private long batchChanges;
    /**
     * Ghost state for the checks only: how many batches this FE has submitted, and while a batch's
     * tasks leave, its number (1, 2, ... in submission order; {@link #NOT_LEAVING} otherwise). A
     * check that sees a task sent reads which batch, and so which event, decided it: a number, not
     * the FE's clock, which a skewed clock would move away from the run's time.
     */
    private long submittedBatches;

    private long leavingBatch = NOT_LEAVING;

    static final long NOT_LEAVING = 0;

    AgentExecutor(NodeContext ctx, DorisConfig config, FaultState faults) {
        this.ctx = ctx;
        this.config = config;
        this.faults = faults;
    }

    /** Submits one batch of tasks for {@code backend}. */
    void submit(String backend, List<AgentProtocol> tasks) {
        if (tasks.isEmpty()) {
            return;
        }
        long delay = config.agentDispatch().draw(ctx.random());
        long slow = faults.takeSlowAgentRpc(backend);
        if (slow > 0) {
            ctx.probe(DorisProbes.SLOW_AGENT_RPC);
            ctx.trace("agent RPC to " + backend + " waits " + Micros.format(slow) + " for its client (slow-agent-rpc)");
        }
        List<AgentProtocol> batch = List.copyOf(tasks);
        StringBuilder label =
                new StringBuilder("agent batch to ").append(backend).append(':');
        for (AgentProtocol t : batch) {
            label.append(' ').append(t);
        }
        count(batch, 1);
        long number = ++submittedBatches;
        ctx.setTimer(label.toString(), delay + slow, () -> {
            count(batch, -1);
            leavingBatch = number;
            for (AgentProtocol t : batch) {
                ctx.send(backend, t);
            }
            leavingBatch = NOT_LEAVING;
        });
    }

    /** How many batches this FE has submitted; batch {@code n} is the n-th. For checks. */
    long submittedBatches() {
        return submittedBatches;
    }

    /** While a batch's tasks are being sent, that batch's number; else {@link #NOT_LEAVING}. For checks. */
    long leavingBatch() {
        return leavingBatch;
    }

    /** How many CLONEs ({@code TaskType.CLONE}) or DROPs of the tablet wait in batches not sent yet. For coverage. */
    int inBatch(long tabletId, AgentProtocol.TaskType type) {
        int[] n = inBatch.get(tabletId);
        return n == null ? 0 : n[type.ordinal()];
    }

    /** A number that moves whenever {@link #inBatch} may answer differently. For coverage. */
    long batchChanges() {
        return batchChanges;
    }

    private void count(List<AgentProtocol> batch, int delta) {
        batchChanges++;
        for (AgentProtocol t : batch) {
            long tablet;
            AgentProtocol.TaskType type;
            if (t instanceof AgentProtocol.CloneTask c) {
                tablet = c.tabletId();
                type = AgentProtocol.TaskType.CLONE;
            } else if (t instanceof AgentProtocol.LegacyCloneTask c) {
                tablet = c.tabletId();
                type = AgentProtocol.TaskType.CLONE;
            } else if (t instanceof AgentProtocol.DropTask d) {
                tablet = d.tabletId();
                type = AgentProtocol.TaskType.DROP;
            } else {
                continue;
            }
            inBatch.computeIfAbsent(tablet, k -> new int[AgentProtocol.TaskType.values().length])[type.ordinal()] +=
                    delta;
        }
    }
}
