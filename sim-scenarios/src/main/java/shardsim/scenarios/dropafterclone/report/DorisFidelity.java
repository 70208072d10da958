package shardsim.scenarios.dropafterclone.report;

import java.util.List;
import shardsim.core.scenario.FidelityRow;

/**
 * What the model follows in Doris, and where it simplifies. Commits: incubator-doris
 * {@code fae3eff2} (master of July 2021, the report's era, read in a mirror of
 * apache/incubator-doris); apache/doris {@code 6f81efb5} (ReportHandler.java),
 * {@code 0a6013a7} (tablet_manager.cpp) and {@code 24f3f1db} (engine_clone_task.cpp), the file
 * versions after the fix held by the code index. The merge commits of #9971 and #16889 could not
 * be read here (the apache/doris snapshot is over the size limit), so they are cited by number.
 */
final class DorisFidelity {
    private DorisFidelity() {}

    static List<FidelityRow> rows() {
        return List.of(
                new FidelityRow(
                        "Balance move: the TabletScheduler adds a CLONE replica, queues the CLONE task and submits it in its own batch; on finish the replica turns NORMAL and the source replica leaves the catalog only, no DROP sent",
                        "TabletScheduler.java (schedulePendingTablets, deleteReplicaInternal with force=false), incubator-doris fae3eff2",
                        "the source is deleted from the catalog as soon as the clone finishes, without the DECOMMISSION state and the wait for transactions; no TabletSchedCtx, no repair scheduling"),
                new FidelityRow(
                        "CLONE resend: each task report resends every queued CLONE the BE does not list; a CloneTask's createTime is -1, so shouldResend always agrees",
                        "ReportHandler.taskReport, AgentTaskQueue.getDiffTasks, AgentTask.shouldResend, CloneTask (super without createTime), incubator-doris fae3eff2",
                        "task reports every 10 s (report_task_interval_seconds) go through the same FIFO report queue as tablet reports"),
                new FidelityRow(
                        "No DROP tracking: deleteFromBackend adds each DropReplicaTask to a batch and submits it; it never enters the AgentTaskQueue, so no DROP is de-duplicated or resent; a new DROP comes only from a later tablet report that still lists the tablet",
                        "ReportHandler.deleteFromBackend, incubator-doris fae3eff2 and apache/doris 6f81efb5",
                        "none"),
                new FidelityRow(
                        "One delivery per RPC: every message between the FE and a BE, and between BEs, is one thrift call over TCP (submitTasks, report, finishTask, the clone's snapshot), so a handler sees it once; the link's duplicate of an envelope is dropped at the receiver (RequestInbox)",
                        "ReportHandler.handleReport (one putToQueue per report call), apache/doris 6f81efb5; MasterServerClient::report and finish_task, TaskWorkerPool::submit_task, incubator-doris fae3eff2",
                        "none since this change: before it, a duplicated tablet report was queued and handled twice, and its second copy, handled after the DROP its first copy decided had run, took the dropped copy back into the catalog (swarm seed 22603, D2 broken)"),
                new FidelityRow(
                        "Agent batches are not ordered: each AgentBatchTask runs on its own thread of the AgentTaskExecutor pool and makes its own submitTasks RPC, so a batch submitted later can reach the BE first",
                        "AgentTaskExecutor (cached thread pool), AgentBatchTask.run, incubator-doris fae3eff2",
                        "a batch leaves after a drawn dispatch delay; the slow-agent-rpc fault holds one RPC longer (the documented plan uses it for the report's DROP); a batch for a BE that is down is lost in the network rather than skipped"),
                new FidelityRow(
                        "Report handling: one thread takes reports from a plain FIFO (reportQueue, a LinkedBlockingQueue) in arrival order; a report that arrives while more than report_queue_size (100) wait is refused",
                        "ReportHandler.handleReport, putToQueue (currentSize > Config.report_queue_size), ReportTask.exec, apache/doris 6f81efb5; incubator-doris fae3eff2",
                        "none since issue 39 (before it, a newer report of a BE replaced its waiting report of the same kind, which Doris does not do; the per-backend merge some code indexes show is StarRocks')"),
                new FidelityRow(
                        "A tablet report older than the FE's report version of its BE is skipped (\"out of date report version\"); after the fix a clone that creates a new tablet raises the BE's report version and the FE takes it from the finish",
                        "ReportHandler.ReportTask.exec, incubator-doris fae3eff2 (the check; in 2021 no clone raised the version); MasterImpl.finishClone, apache/doris 12456d76; task_worker_pool.cpp clone callback, apache/doris 5bbc441b (every successful clone raises it; a later version in the code index raises it only for a new tablet)",
                        "the model's tasks are CLONE, DROP and UPDATE_TABLET_META_INFO: only a clone's finish carries a version (Doris's push, create and alter finishes do too, MasterImpl.finishRealtimePush, finishCreateReplica, finishAlterTask at 12456d76, but the model has no such tasks; finishDropReplica takes none); the FE forgets the versions when it restarts"),
                new FidelityRow(
                        "A listed tablet the catalog lacks on that BE is first tried as an added replica: added as NORMAL when the tablet has fewer alive replicas than its replication number, else \"failed add to meta ... replica is enough[n-m]\" and a DROP",
                        "ReportHandler.deleteFromBackend and addReplica, Tablet.getHealthStatusWithPriority, incubator-doris fae3eff2",
                        "alive = NORMAL and not bad (BE liveness, versions and hosts are not modelled); the replica-healthy flags (used, version_miss) are not reported"),
                new FidelityRow(
                        "A NORMAL replica missing from its BE's report is deleted from the catalog, or, when it is the tablet's only replica, set bad with \"has only one replica ... lost, set it as bad\"",
                        "ReportHandler.deleteFromMeta, incubator-doris fae3eff2 and apache/doris 6f81efb5",
                        "recover_with_empty_tablet is off (the default); a bad replica is never repaired"),
                new FidelityRow(
                        "FE restart: the catalog comes back with every NORMAL replica (and its bad flag) and no CLONE replica; the TabletScheduler's moves are gone",
                        "TabletSchedCtx.createCloneReplicaAndTask (the CLONE replica is in memory only) and finishCloneTask (logAddReplica once NORMAL), Catalog.replayAddReplica and replayDeleteReplica, Checkpoint (an image replays the edit log), TabletScheduler (pending and running tablets in memory), incubator-doris fae3eff2",
                        "the model writes its CLONE replicas to the durable catalog and removes them when the FE recovers, which leaves the same catalog; D5 checks it"),
                new FidelityRow(
                        "The fixed FE puts the replica id the BE reported into the DROP (buggy: 0, no id)",
                        "ReportHandler.deleteFromBackend (DropReplicaTask with backendTabletInfo.getReplicaId()), apache/doris 6f81efb5; PR #9971",
                        "none"),
                new FidelityRow(
                        "BE task registration: a task is registered by (type, signature); a duplicate is refused (\"fail to register task\"); the registered set is the task report",
                        "task_worker_pool.cpp submit_task, _register_task_info, incubator-doris fae3eff2",
                        "none"),
                new FidelityRow(
                        "BE task pools: the CLONE pool has clone_worker_count (3) threads taking tasks from one FIFO deque; a thread keeps its task through the clone, the finish call and the task-info removal",
                        "TaskWorkerPool::start (CLONE: config::clone_worker_count) and _clone_worker_thread_callback, incubator-doris fae3eff2; CloneTaskPool, apache/doris 5bbc441b; be/src/common/config.h clone_worker_count \"3\"",
                        "the DROP pool keeps one thread (Doris has drop_tablet_worker_count); the stall-pool fault, once a thread takes it, stops the pool taking tasks for its length while running tasks go on"),
                new FidelityRow(
                        "Finish then forget: a task's finish is a finishTask call to the FE, tried again a second after each try that got no answer, at most TASK_FINISH_MAX_RETRY (3) tries; only when that returns is the task info removed, so the task report lists the task and a duplicate is refused until then",
                        "TaskWorkerPool::_finish_task (l.73, 283-303) and _clone_worker_thread_callback (_finish_task then _remove_task_info, l.930-931), incubator-doris fae3eff2; _finish_task, apache/doris 5bbc441b; the report's be.INFO: \"remove task info. type=CLONE\" at .820333, after the FE's \"clone finished\" at .819",
                        "a try fails by the RPC timeout (thrift_rpc_timeout_ms, 5 s in the 2021 be config) whatever kept the answer away, where a refused connection fails at once; MasterServerClient's one reconnect inside a try is not modelled"),
                new FidelityRow(
                        "The FE answers every finishTask; a finish whose task its AgentTaskQueue does not hold (by backend, type, signature) is dropped there; a CLONE's goes to finishClone: the TabletScheduler's finishCloneTask, then the report version when the BE set one, whether or not the scheduler still had that move, then the task leaves the queue",
                        "MasterImpl.finishTask (AgentTaskQueue.getTask; \"cannot find task\"), finishClone (isSetReportVersion), apache/doris 12456d76",
                        "the queue's removal keeps a newer CLONE of the same signature that a late finish of an older one names (Doris removes by signature)"),
                new FidelityRow(
                        "Clone: registered under clone around _do_clone when the task runs; incremental if the tablet exists, decided then; an existing tablet with a lower replica id takes the request's id before the download; a new tablet gets it when loaded from the snapshot",
                        "engine_clone_task.cpp execute, _do_clone, apache/doris 24f3f1db; PR #16889 (stamp at clone start), PR #9971 (stamp of a new tablet in convert_rowset_ids)",
                        "the stamp is a pending write saved with the clone's result"),
                new FidelityRow(
                        "A clone continues when the local tablet's replica id is higher than the request's (no refusal); it keeps the higher id",
                        "engine_clone_task.cpp _do_clone (only a lower id is reset), apache/doris 24f3f1db",
                        "none"),
                new FidelityRow(
                        "A clone of a tablet the BE has misses no version and returns success at once, without asking its source (\"missed version size = 0, skip clone and return success\"); only a new tablet is downloaded",
                        "engine_clone_task.cpp _do_clone (calc_missed_versions, missed_versions.empty()), apache/doris 24f3f1db; the report's be.INFO (\"missed_versions_size=0\" at .814419, the tablet info at .814515)",
                        "the model has no loads, so every copy of a tablet is at its one version and every clone of an existing tablet skips; a new tablet's download fails if its source has no copy or does not answer"),
                new FidelityRow(
                        "Drop: aborted while the tablet is under clone; OK if the tablet is absent; aborted if the tablet's replica id differs from a non-zero request id; else the tablet is deleted",
                        "tablet_manager.cpp drop_tablet, _drop_tablet_unlocked, apache/doris 0a6013a7 (the under-clone check and the id check came with PR #9971)",
                        "the delete is immediate and physical (Doris sets the tablet to shutdown and a trash sweep removes the files later); once the id is stamped at clone start the under-clone check changes no outcome here (the ablation fixed-no-clone-guard breaks no claim: docs/figures.md, row dac-abl-no-clone-guard): a stale DROP carries the old id and is aborted by the id check, and a DROP with the new id can come only from a report handled after the FE gave the move up, when the catalog no longer references the copy"),
                new FidelityRow(
                        "Mixed versions: a process built before PR #9971 has no replica id in its tablet meta, in TTabletInfo (the report), TCloneReq or TDropTabletReq; the other side reads the missing field as 0 (thrift's unset optional i64), and a BE of the fix drops any copy for a DROP with id 0",
                        "gensrc/thrift/AgentService.thrift, MasterService.thrift, gensrc/proto/olap_file.proto, incubator-doris fae3eff2 (none of the fields); tablet_manager.cpp _drop_tablet_unlocked, apache/doris 0a6013a7 (\"Iff request replica id is 0, FE may be an older release\")",
                        "which process runs which code is the run's (per node or role, changed by upgrade and downgrade faults); every ablation row counts as a build of the fix, so only buggy lacks the fields"),
                new FidelityRow(
                        "Copies that predate the fix carry replica id 0: an initial copy unless both the FE and its BE started on the fix, a copy an old BE creates, and a copy a BE of the fix clones for an old FE (the CLONE has no id); the FE of the fix refuses to add a copy reported with id 0 and drops it with id 0",
                        "apache/doris #18688 (\"the inventory BE tablets before upgrading to 1.2 did not have a replica id\"); ReportHandler.addReplica, apache/doris 6f81efb5 (\"replica id is invalid\"); engine_clone_task.cpp _do_clone, 24f3f1db (a request id of 0 stamps nothing)",
                        "an old BE's full clone keeps the source's id in the copied meta, as protobuf keeps a field the old code does not know (not checked against the era's convert_rowset_ids)"),
                new FidelityRow(
                        "The FE of the fix sends its replica id (UpdateTabletMetaInfo) for a NORMAL replica whose BE reported the copy with id 0; a BE of the fix sets it in memory, saved with the next meta save; an old BE ignores the field",
                        "apache/doris #18688; TabletInvertedIndex.tabletReport, apache/doris e11a75b0; update_tablet_meta_info (__isset.replica_id, no need_to_save), BE task_worker_pool.cpp",
                        "upstream syncs any id that differs from the catalog's; the model syncs only a missing one (0), which only code before the fix leaves, so runs of one mode are unchanged"),
                new FidelityRow(
                        "Report version on clone across versions: a BE before the fix sets no report_version in a clone's finish, and an FE before it takes none from a clone's finish; the FE of the fix takes it only when set",
                        "task_worker_pool.cpp _clone_worker_thread_callback and MasterImpl.finishClone, incubator-doris fae3eff2; MasterImpl.finishClone (request.isSetReportVersion()), apache/doris 12456d76",
                        "none"),
                new FidelityRow(
                        "D6 and D7 judge what Doris's FE keeps, from outside: a tablet's replicas on distinct BEs (D6); a CLONE replica only while its move runs, since every end of a scheduled tablet clears its CLONE replicas (D7)",
                        "BeLoadRebalancer.completeSchedCtx (dest with no replica), TabletScheduler.chooseAvailableDestPath (\"exclude host which already has replica of this tablet\"), TabletSchedCtx.releaseResource (\"clear all CLONE replicas\"), TabletScheduler.handleRunningTablets (timeout releases as CANCELLED), incubator-doris fae3eff2",
                        "(checking, not upstream) two drafted rules broke the fixed model: a replica set bad only when its copy is gone (random seed 3356), now D8 with its residual gap D9; exactly the replication number of alive replicas at quiescence (swarm seeds 29168, 38292), replaced by D10 and D11, since the model has no REDUNDANT repair"),
                new FidelityRow(
                        "D8 judges, from outside, each replica the FE sets bad or deletes from its catalog (a finished move's source aside) against its BE's disk; D9, a residual gap, is such a case while a version-carrying clone finish has not reached the running FE (lost, unmatched, overtaken, or sent before an FE restart)",
                        "MasterImpl.finishTask (no matching task: return before finishClone) and finishClone (isSetReportVersion), apache/doris 12456d76; SystemInfoService.updateBackendReportVersion (sets, in memory), incubator-doris fae3eff2; the later clone_callback sets report_version only for a new tablet (at apache/doris 5bbc441b every successful clone raised and sent it)",
                        "the finish is received when the FE's AgentTaskQueue holds the CLONE (what finishClone needs), as MasterImpl.finishTask decides; since issue 39 the BE retries an unanswered finish as Doris does"),
                new FidelityRow(
                        "D13, a residual gap: a DROP deletes a copy the catalog references as a NORMAL replica because the FE, after deciding the DROP (its catalog then placing no replica of the tablet on that BE), took the copy back from a later tablet report under the replica id the DROP carries; D1 excuses that delete and D13 shows it",
                        "ReportHandler.deleteFromBackend (DropReplicaTask with backendTabletInfo.getReplicaId(), submitted, never queued) and addReplica (REPLICA_MISSING: new Replica with the reported replicaId, \"use replicaId reported by BE to maintain replica meta consistent between FE and BE\"), apache/doris 6f81efb5; DropTableTaskPool::_drop_tablet_worker_thread_callback (drop_tablet with the request's replica_id), task_worker_pool.cpp, apache/doris 5bbc441b; TabletManager::_drop_tablet_unlocked (refuses only a non-zero id that differs), apache/doris 0a6013a7; Tablet.getHealthStatusWithPriority (a replica on a BE that is not alive is not alive), apache/doris 008ad4dc",
                        "(checking, not upstream) the model has no BE liveness, so the tablet falls short only through another loss the checks show (D9's, swarm seed 16822); the check knows a DROP by its backend, tablet and id, and excuses the delete only if every DROP of that key was decided (its agent batch's submit time, ghost state of the FE's executor; the batch may leave much later) while the catalog placed no replica of the tablet on that BE"),
                new FidelityRow(
                        "D10 and D11 judge the two steps that can add an alive replica: a copy a report lists is adopted only while the tablet is short of alive replicas (D10); a balance finish takes its source out, so the tablet gains no alive replica (D11)",
                        "ReportHandler.addReplica (adopts only in REPLICA_MISSING, UNRECOVERABLE or VERSION_INCOMPLETE, else \"replica is enough\"), Tablet.getHealthStatusWithPriority, TabletSchedCtx.finishCloneTask, TabletScheduler.handleRedundantReplica (deleteReplicaChosenByRebalancer, deleteReplicaOnHighLoadBackend), incubator-doris fae3eff2",
                        "(checking, not upstream) Doris deletes the redundant replica in a later scheduling round and may pick another than the source; the model folds it into the finish; a finish whose source already left the catalog is not judged, since the model has no REDUNDANT repair"),
                new FidelityRow(
                        "D12 judges, from outside, the BE's report cadence: a running BE sends a tablet report at least every report interval and a task report at least every task-report interval",
                        "TaskWorkerPool::_report_tablet_worker_thread_callback (\"wait at most report_tablet_interval_seconds, or being notified\") and _report_task_worker_thread_callback (report_task_interval_seconds), be/src/agent/task_worker_pool.cpp, incubator-doris fae3eff2",
                        "(checking, not upstream) the model reports on a fixed per-BE phase and never early; Doris also reports early when notified, which only shortens the wait"),
                new FidelityRow(
                        "D8-D11 read one view of the FE's catalog and moves, before and after each event (CatalogView), shared by ReportedLoss, ReportAdoption and BalanceFinish; D5, D6, D7, D11 and D12 are labelled checks of the model's own bookkeeping (Scenario.modelChecks), shown apart from the claims about Doris (D1-D4, D8, D10) and the fix's known gaps (D9, D13)",
                        "(checking, not upstream)",
                        "none"),
                new FidelityRow(
                        "Every physical delete on a BE goes through one store that records it, with the replica id its DROP carried as the BE read it; D1 judges each delete against the catalog from outside (D13 excused), and also judges a copy that vanished without a record",
                        "(checking, not upstream)",
                        "the path GC of an unloaded tablet directory (try_delete_unused_tablet_path, which skips tablets under clone) is not modelled: the model has no unloaded directories"));
    }
}
