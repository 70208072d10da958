package shardsim.scenarios.dropafterclone;

import java.util.List;

/**
 * The parts of the upstream fix, each switchable so that an ablation mode can run the fix with
 * one part off.
 *
 * @param dropCarriesReplicaId the FE puts the replica id the BE reported into the DROP (otherwise 0, which matches any copy), and keeps that id when it adds a reported copy to the catalog (PR #9971)
 * @param cloneStampsReplicaId a clone gives the tablet the request's replica id: an existing tablet with a lower id at the start of the clone (PR #16889), a new one when it is loaded from the snapshot (PR #9971)
 * @param abortDropUnderClone the BE aborts a DROP while the same tablet is under clone (PR #9971)
 * @param reportVersionOnClone a clone that creates a new tablet raises the BE's report version and the FE adopts it on the finish, so a tablet report taken before the clone is skipped as out of date (apache/doris MasterImpl.finishClone at 12456d76, task_worker_pool.cpp clone_callback)
 */
public record Fence(boolean dropCarriesReplicaId, boolean cloneStampsReplicaId, boolean abortDropUnderClone, boolean reportVersionOnClone) {
    public static final String NO_REPLICA_ID = "fixed-no-replica-id";
    public static final String NO_CLONE_STAMP = "fixed-no-clone-stamp";
    public static final String NO_CLONE_GUARD = "fixed-no-clone-guard";
    public static final String NO_REPORT_VERSION = "fixed-no-report-version";

    /** buggy, fixed, then one ablation per part of the fence. */
    public static final List<String> MODES = List.of("buggy", "fixed", NO_REPLICA_ID, NO_CLONE_STAMP, NO_CLONE_GUARD, NO_REPORT_VERSION);

    public static Fence forMode(String mode) {
        switch (mode) {
            case "buggy":
                return new Fence(false, false, false, false);
            case "fixed":
                return new Fence(true, true, true, true);
            case NO_REPLICA_ID:
                return new Fence(false, true, true, true);
            case NO_CLONE_STAMP:
                return new Fence(true, false, true, true);
            case NO_CLONE_GUARD:
                return new Fence(true, true, false, true);
            case NO_REPORT_VERSION:
                return new Fence(true, true, true, false);
            default:
                throw new IllegalArgumentException("unknown mode '" + mode + "' (expected one of " + String.join(", ", MODES) + ")");
        }
    }
}
