package shardsim.scenarios.dropafterclone.checks;

import shardsim.core.check.ClaimTable;
import shardsim.scenarios.dropafterclone.plan.DorisMode;

/**
 * What each mode of drop-after-clone says of each invariant: its known gaps (D9, in each build whose
 * clone finish carries the report version; D13, in each whose DROP carries the reported replica id) and the claims each mode is expected to break (the
 * reported bug in {@code buggy}; in an ablation, what the part it removes protects). An ablation's
 * expected break stays a claim: the ablation is the fix less one part and claims what the fix
 * claims, so its failing run is the evidence that the part is needed, not a gap upstream leaves.
 */
public final class DorisClaims {
    /** The table, built once. */
    public static final ClaimTable TABLE = table();

    private DorisClaims() {}

    static ClaimTable table() {
        String[] withDropIds = DorisMode.TABLE.stream()
                .filter(DorisMode::dropCarriesReplicaId)
                .map(DorisMode::name)
                .toArray(String[]::new);
        String[] versioned = DorisMode.TABLE.stream()
                .filter(DorisMode::reportVersionOnClone)
                .map(DorisMode::name)
                .toArray(String[]::new);
        return ClaimTable.builder(DorisChecks.INVARIANTS, DorisMode.MODES)
                .gap(
                        DorisChecks.D9,
                        "the report-version fence is open: the FE learns a BE's raised version only from a clone finish it matches to a queued task, "
                                + "keeps it in memory and overwrites it (MasterImpl.finishTask / finishClone, apache/doris 12456d76; "
                                + "SystemInfoService.updateBackendReportVersion, incubator-doris fae3eff2), so a lost or unmatched finish lets a stale report "
                                + "set a held replica bad: when all three finish tries fail the BE drops the task info (task_worker_pool.cpp, apache/doris 00541862), the FE resends "
                                + "the CLONE (ReportHandler.taskReport, 6f81efb5), which misses no version and so carries none (24f3f1db), and a report queued "
                                + "before the clone is then handled (swarm seed 2314)",
                        versioned)
                .gap(
                        DorisChecks.D13,
                        "the FE does not keep the DROPs it sends, and adding a reported copy does not stop one: deleteFromBackend puts the id the BE "
                                + "reported into a DropReplicaTask, submits it and forgets it, while addReplica takes the same copy back as a NORMAL replica under that "
                                + "id once the tablet is short of alive replicas (ReportHandler.deleteFromBackend and addReplica, apache/doris 6f81efb5), and the BE's "
                                + "drop, finding the ids equal, deletes it (DropTableTaskPool::_drop_tablet_worker_thread_callback, task_worker_pool.cpp, 5bbc441b; "
                                + "TabletManager::_drop_tablet_unlocked, 0a6013a7). In the model the tablet falls short through D9's loss (swarm seed 16822: a balance "
                                + "finish leaves be10006's copy redundant and the FE decides its DROP, which waits in be10006's DROP pool; a stale report sets the "
                                + "tablet's only replica bad; be10006's next report brings the copy back under the DROP's id, and the DROP deletes it); in Doris a BE "
                                + "that is not alive does it too (Tablet.getHealthStatusWithPriority)",
                        withDropIds)
                .expectedBreak(
                        DorisChecks.D1,
                        "the reported bug: a DROP decided from a stale report runs after a CLONE re-created the tablet and deletes the copy "
                                + "the catalog references (the DROP names only the tablet)",
                        "buggy")
                .expectedBreak(DorisChecks.D2, "the reported bug: that DROP deletes the only copy", "buggy")
                .expectedBreak(
                        DorisChecks.D4,
                        "the reported bug's DROP, run while a clone of the tablet runs on that BE (no under-clone guard), fails the clone "
                                + "and the FE cancels the move",
                        "buggy")
                .expectedBreak(
                        DorisChecks.D1,
                        "the DROP carries replica id 0, which matches any copy, so the stale DROP deletes the re-cloned one (PR #9971)",
                        DorisMode.NO_REPLICA_ID)
                .expectedBreak(DorisChecks.D2, "the stale DROP can delete the only copy", DorisMode.NO_REPLICA_ID)
                .expectedBreak(
                        DorisChecks.D1,
                        "a clone leaves the old replica id on the BE's tablet, so the stale DROP's id matches the re-cloned copy "
                                + "(PR #9971, #16889)",
                        DorisMode.NO_CLONE_STAMP)
                .expectedBreak(DorisChecks.D2, "the stale DROP can delete the only copy", DorisMode.NO_CLONE_STAMP)
                .expectedBreak(
                        DorisChecks.D8,
                        "without the report version a clone raises, a tablet report taken before the clone created the tablet is handled "
                                + "after it, and the FE sets the fresh replica bad or deletes it (MasterImpl.finishClone, apache/doris 12456d76)",
                        DorisMode.NO_REPORT_VERSION)
                .expectedBreak(
                        DorisChecks.D1,
                        "the same stale report can make the FE drop a copy it then references again",
                        DorisMode.NO_REPORT_VERSION)
                .build();
    }
}
