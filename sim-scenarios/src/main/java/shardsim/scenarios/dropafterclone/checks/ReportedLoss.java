package shardsim.scenarios.dropafterclone.checks;

import java.util.TreeMap;
import java.util.function.Function;
import shardsim.core.check.SimView;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.sim.RunObserver;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.FinishTask;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskType;
import shardsim.scenarios.dropafterclone.model.Backend;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;
import shardsim.scenarios.dropafterclone.plan.DorisMode;

/**
 * D8 and D9: the FE believes a copy lost, on a tablet report, only when its BE holds none. The FE
 * does so in {@code ReportHandler.deleteFromMeta}: a NORMAL replica its BE's report did not list is
 * deleted from the catalog, or set bad when it is the tablet's only replica. A copy the BE holds is
 * missing from a report only when the report was taken before a clone created it; the fix's
 * report-version fence makes the FE skip such a report: a clone that creates a tablet raises the
 * BE's report version and sends it in its finish, the FE adopts it, and a report carrying a lower
 * version is "out of date" ({@code MasterImpl.finishClone}, apache/doris 12456d76; the clone
 * callback sets {@code report_version} only when {@code engine_task.is_new_tablet()} in the later
 * {@code task_worker_pool.cpp} the model follows; {@code ReportHandler.ReportTask.exec},
 * incubator-doris fae3eff2).
 *
 * <p>The fence has a gap the fix leaves: the FE learns a BE's version only from a finish it matches
 * to a queued task ({@code MasterImpl.finishTask} returns before {@code finishClone} when
 * {@code AgentTaskQueue.getTask} finds none), keeps it in memory only ({@code SystemInfoService}'s
 * {@code idToReportVersionRef}, incubator-doris fae3eff2, reset by an FE restart), and overwrites it
 * with whatever a later finish carries ({@code updateBackendReportVersion} sets, it does not take a
 * maximum). A lost finish, a finish for a task the FE gave up, a restart of the FE, or an older
 * finish overtaking a newer one leave the fence below the BE's version, and a resent CLONE then runs
 * as an incremental clone whose finish carries none (random seed 3356). At apache/doris 5bbc441b
 * every successful clone, incremental too, raised the version and every clone finish carried it,
 * which closed this path; the later callback does not. The BE retries a finish that got no
 * answer ({@code TASK_FINISH_MAX_RETRY} = 3, a second apart, {@code TaskWorkerPool::_finish_task},
 * incubator-doris fae3eff2 and apache/doris 5bbc441b), as the model's BE does, so only three lost
 * tries, or an FE down for all three, lose a finish. So:
 * <ul>
 *   <li>D9 (a residual gap, it judges nothing): the FE set a replica bad, or deleted a NORMAL one
 *       from its catalog, while its BE holds a copy, and that BE has sent a clone finish carrying a
 *       report version above the last version-carrying finish the running FE incarnation received
 *       from it while its AgentTaskQueue held a CLONE of that tablet to that BE (what
 *       {@code MasterImpl.finishTask} needs to reach {@code finishClone}); i.e. a version-carrying
 *       finish was lost (all its tries), overtaken, not found in the queue, or sent to an earlier
 *       FE incarnation.</li>
 *   <li>D8 (claimed): any other such bad-marking or deletion. A finish delivered and matched but
 *       not adopted, a version 0 adopted, or a full clone that raises no version is not
 *       excused.</li>
 * </ul>
 * Both are claims of the fix: judged while the FE and the replica's BE each run a build of it (any
 * row of {@link DorisMode#TABLE} but buggy, {@link DorisMode#replicaIdFields()}; an ablation is such a
 * build), so a buggy process, whose FE adopts no version or whose BE sends none, is judged by D1
 * alone, and D8 does not stop a buggy run before the loss D1 is there to see. Only a running FE
 * writes its catalog: a change while none runs is D5's business.
 *
 * <p>A NORMAL replica the FE deletes when a balance move finishes (the move's source, whose copy stays
 * on its BE until a report shows it) is not judged: the check knows it by the move, gone from the
 * FE's moves in the same event, whose source is the replica's BE and whose CLONE replica became
 * NORMAL. Read from outside: the FE's catalog on its disk (re-read only when the disk's version
 * moves), the BE's disk, the FE's moves (a node accessor), and the finishes sent and delivered
 * through the kernel's {@link RunObserver}.
 */
final class ReportedLoss implements RunObserver {
    private final SimView sim;
    /** The row each node runs now. */
    private final Function<String, DorisMode> runs;
    /** The FE's catalog and moves before and after each event, shared with D10 and D11. */
    private final CatalogView view;
    /** Per BE, the highest report version any clone finish it sent carried. */
    private final TreeMap<String, Long> sent = new TreeMap<>();
    /** Per BE, the version of the last version-carrying finish {@link #receiver} matched to a move. */
    private final TreeMap<String, Long> received = new TreeMap<>();
    /** The FE incarnation {@link #received} belongs to. */
    private Node receiver;
    /** A D9 case found in this event, reported by {@link #gap()}. */
    private String gap;

    ReportedLoss(SimView sim, CatalogView view, Function<String, DorisMode> runs) {
        this.sim = sim;
        this.view = view;
        this.runs = runs;
    }

    @Override
    public void sent(Envelope env) {
        if (env.message() instanceof FinishTask f && f.type() == TaskType.CLONE && f.reportVersion() > 0) {
            sent.merge(f.backend(), f.reportVersion(), Math::max);
        }
    }

    @Override
    public void delivered(Envelope env, boolean copy) {
        if (!(env.message() instanceof FinishTask f)
                || f.type() != TaskType.CLONE
                || f.reportVersion() <= 0
                || !DorisCluster.FE.equals(env.to())) {
            return;
        }
        Frontend fe = sim.node(DorisCluster.FE, Frontend.class);
        if (fe != receiver) {
            received.clear();
            receiver = fe;
        }
        // Called before the FE handles it: the FE takes the version in when its AgentTaskQueue holds the task.
        if (fe.cloneQueued(f.backend(), f.tabletId())) {
            received.put(f.backend(), f.reportVersion());
        }
    }

    /** The version a BE sent that the running FE has not received (0 when none): D9's excuse. */
    long unreceived(String backend) {
        long s = sent.getOrDefault(backend, 0L);
        Frontend fe = sim.node(DorisCluster.FE, Frontend.class);
        long r = fe != null && fe == receiver ? received.getOrDefault(backend, 0L) : 0L;
        return s > r ? s : 0L;
    }

    /** D8 after every event: cheap unless the FE's catalog changed. Notes a D9 case for {@link #gap()}. */
    String check() {
        if (!view.catalogChanged()) {
            return null;
        }
        Frontend fe = sim.node(DorisCluster.FE, Frontend.class);
        // Only a running FE writes its catalog, and the claim is the fix's: judged while the FE runs a build of it.
        if (fe == null || !runs.apply(DorisCluster.FE).replicaIdFields()) {
            return null;
        }
        for (TabletMeta was : view.before().values()) {
            TabletMeta now = view.now().get(was.tabletId());
            if (now == null || now == was) {
                continue;
            }
            for (Replica r : was.replicas()) {
                String what = lossOf(r, was, now, view.movesBefore().get(was.tabletId()));
                if (what == null
                        || !runs.apply(r.backend()).replicaIdFields()
                        || Backend.tablet(sim.disk(r.backend()), was.tabletId()) == null) {
                    continue;
                }
                String problem = "replica " + r.replicaId() + " of tablet " + was.tabletId() + " on " + r.backend()
                        + " was " + what + " while " + r.backend() + " holds a copy";
                long unreceived = unreceived(r.backend());
                if (unreceived == 0) {
                    return problem + " (every clone finish carrying a report version from " + r.backend()
                            + " reached this FE)";
                }
                if (gap == null) {
                    gap = problem + ": a clone finish carrying report version " + unreceived + " from " + r.backend()
                            + " has not reached this FE";
                }
            }
        }
        return null;
    }

    /** D9 after D8 in the same event: the case {@link #check()} excused, once. */
    String gap() {
        String g = gap;
        gap = null;
        return g;
    }

    /**
     * What the FE did to {@code r}, a replica of {@code was}, in the event that made the tablet's
     * meta {@code now}: "set bad by the FE", "deleted from the FE's catalog" (a NORMAL replica that is not the
     * source of a balance move that finished in that event), or null. {@code move} is the tablet's
     * balance move before the event, if any; it finished in the event when its CLONE replica turned
     * NORMAL, which only the FE's finish of that move does.
     */
    static String lossOf(Replica r, TabletMeta was, TabletMeta now, Frontend.Move move) {
        if (r.state() != Replica.State.NORMAL) {
            return null;
        }
        Replica kept = now.replica(r.replicaId());
        if (kept != null) {
            return kept.bad() && !r.bad() ? "set bad by the FE" : null;
        }
        if (move != null && move.src().equals(r.backend())) {
            Replica cloning = was.replica(move.replicaId());
            Replica done = now.replica(move.replicaId());
            if (cloning != null
                    && cloning.state() == Replica.State.CLONE
                    && done != null
                    && done.state() == Replica.State.NORMAL) {
                return null;
            }
        }
        return "deleted from the FE's catalog";
    }
}
