package shardsim.scenarios.dropafterclone.checks;

import java.util.TreeMap;
import shardsim.core.blocks.Quiet;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Micros;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.FaultState;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;
import shardsim.scenarios.dropafterclone.plan.DorisConfig;

/**
 * D4, the progress check: a balance move started and carried out with no fault in force finishes
 * (its CLONE replica becomes NORMAL in the FE's catalog) within the clone timeout, or the FE
 * cancels it for a reason a lossy link explains.
 *
 * <p>What Doris promises: a clone task's timeout is its tablet's size at 5 MB/s, kept between
 * {@code min_clone_task_timeout_sec} (3 min, the model's {@link DorisConfig#cloneTimeoutMicros}) and
 * {@code max_clone_task_timeout_sec} ({@code TabletSchedCtx}, apache/doris 24f3f1db), and the
 * TabletScheduler cancels a running clone past it ({@code TabletScheduler.handleRunningTablets}); a BE
 * runs a CLONE it registered ({@code task_worker_pool.cpp}), and the FE resends a queued CLONE the
 * BE's task report (every {@code report_task_interval_seconds}, 10 s) does not list
 * ({@code ReportHandler.taskReport}, {@code AgentTaskQueue.getDiffTasks}), so a CLONE or its
 * finish lost on a lossy link is made good within a task-report interval or two, well inside the
 * timeout. The check reads from outside: the FE's scheduled moves with their start times (a node
 * accessor, looked at only when the FE's ghost move counter changes), the FE's catalog on its disk
 * when a move ends, the kernel's fault activity, the network's count of lost messages and the
 * {@link FaultState} the scenario's faults write.
 *
 * <p>"No fault in force" over a move that starts at {@code s} and ends at {@code e} (finished or
 * cancelled) means all of:
 * <ul>
 *   <li>no fault of any kind (crash, restart, partition, clog, clock skew, link change, code
 *       change, slow reports, stall, slow agent RPC) was in force or injected anywhere in the
 *       cluster from {@code s - }{@value #QUIET_BEFORE_TASK_REPORTS} task-report intervals to
 *       {@code e}: the kernel's {@code activeFaults() == 0} and {@code quietSinceMicros()} at or
 *       before that. The kernel counts faults cluster-wide, not per node, so this is stricter than
 *       "on the FE, the source or the destination": a move is not judged while any node is
 *       disturbed. The margin before {@code s} lets what a fault left behind (a resend queue,
 *       a report handled late, a batch held by a slow RPC of up to 30 s) settle;</li>
 *   <li>no stall of the destination's clone pool is queued or running at {@code s} and the last
 *       one ended by {@code s} minus the same margin (a stall carries its own length, so the
 *       kernel sees it only when injected);</li>
 *   <li>no slow agent RPC to the destination is armed at {@code s} (an armed one waits for the
 *       FE's next batch to that BE, which may be this move's CLONE);</li>
 *   <li>the FE, the source and the destination are up at {@code s}.</li>
 * </ul>
 * Links may be lossy (the random and swarm plans lose messages throughout the fault window): a
 * lost CLONE, task report or finish is resent within the timeout, so a move that times out is a
 * violation whatever the links did. A lost snapshot request or answer, though, fails the clone
 * after the snapshot timeout and the FE cancels the move, as Doris does when
 * {@code make_snapshot} fails; so a move cancelled before its timeout is excused when the network
 * lost a message (anywhere: the kernel counts losses cluster-wide) while it ran.
 */
final class MoveProgress {
    /** The quiet margin before a move's start, in task-report intervals. */
    static final int QUIET_BEFORE_TASK_REPORTS = 3;

    private final DorisCluster cluster;
    private final long cloneTimeoutMicros;
    private final long quietBeforeMicros;
    /** The moves seen scheduled, by tablet, with what the check noted at their start. */
    private final TreeMap<Long, Watched> watched = new TreeMap<>();

    private Frontend lastFe;
    private long lastChanges = -1;

    /**
     * A move the check saw scheduled, with the run time of the event that scheduled it: the move's
     * own start time is the FE's clock, which a clock-skew fault moves away from the run's.
     */
    private record Watched(Frontend.Move move, long startedMicros, boolean eligible, long droppedAtStart) {}

    MoveProgress(DorisCluster cluster, DorisConfig config) {
        this.cluster = cluster;
        this.cloneTimeoutMicros = config.cloneTimeoutMicros();
        this.quietBeforeMicros = QUIET_BEFORE_TASK_REPORTS * config.taskReportIntervalMicros();
    }

    /** After every event: cheap unless the FE's moves changed. */
    String check() {
        Simulation sim = cluster.sim();
        Frontend fe = sim.nodes().node(DorisCluster.FE, Frontend.class);
        long changes = fe == null ? -1 : fe.moveChanges();
        if (fe == lastFe && changes == lastChanges) {
            return null;
        }
        lastFe = fe;
        lastChanges = changes;
        TreeMap<Long, Frontend.Move> now = new TreeMap<>();
        if (fe != null) {
            for (Frontend.Move m : fe.scheduledMoves()) {
                now.put(m.tabletId(), m);
            }
        }
        String problem = null;
        for (Watched w : watched.values()) {
            Frontend.Move still = now.get(w.move().tabletId());
            if (still == null || still.replicaId() != w.move().replicaId()) {
                String p = ended(w, fe != null);
                problem = problem == null ? p : problem;
            }
        }
        watched.keySet().removeIf(t -> {
            Frontend.Move m = now.get(t);
            return m == null || m.replicaId() != watched.get(t).move().replicaId();
        });
        for (Frontend.Move m : now.values()) {
            if (!watched.containsKey(m.tabletId())) {
                watched.put(
                        m.tabletId(),
                        new Watched(
                                m,
                                sim.now(),
                                quietAtStart(m, sim.now()),
                                sim.network().dropped()));
            }
        }
        return problem;
    }

    private boolean quietAtStart(Frontend.Move m, long startedMicros) {
        Simulation sim = cluster.sim();
        FaultState faults = cluster.faultState();
        long from = startedMicros - quietBeforeMicros;
        return quietSince(from)
                && sim.nodes().isUp(m.src())
                && sim.nodes().isUp(m.dest())
                && !faults.cloneStallOpen(m.dest())
                && faults.cloneStallEnd(m.dest()) <= from
                && !faults.slowAgentRpcArmed(m.dest());
    }

    /** No fault in force or injected anywhere since {@code fromMicros}. */
    private boolean quietSince(long fromMicros) {
        return Quiet.since(cluster.sim().view(), fromMicros);
    }

    private String ended(Watched w, boolean feUp) {
        Frontend.Move m = w.move();
        if (!w.eligible() || !feUp || !quietSince(w.startedMicros() - quietBeforeMicros)) {
            return null;
        }
        Simulation sim = cluster.sim();
        TabletMeta meta = Catalog.tablet(sim.nodes().disk(DorisCluster.FE), m.tabletId());
        Replica r = meta == null ? null : meta.replica(m.replicaId());
        if (r != null && r.state() == Replica.State.NORMAL) {
            return null;
        }
        long took = sim.now() - w.startedMicros();
        String what = "balance move of tablet " + m.tabletId() + " (replica " + m.replicaId() + ") from " + m.src()
                + " to " + m.dest() + " started at t=" + Micros.format(w.startedMicros()) + " with no fault in force";
        if (took >= cloneTimeoutMicros) {
            return what + " did not finish within the clone timeout (" + Micros.format(cloneTimeoutMicros) + ")";
        }
        if (sim.network().dropped() > w.droppedAtStart()) {
            // A lost snapshot request or answer fails the clone: a lossy link explains the cancel.
            return null;
        }
        return what + " was cancelled after " + Micros.format(took) + " with no fault in force and no message lost";
    }
}
