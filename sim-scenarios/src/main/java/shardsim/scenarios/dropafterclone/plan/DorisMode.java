package shardsim.scenarios.dropafterclone.plan;

import java.util.List;
import shardsim.core.run.Mode;

/**
 * The parts of the upstream fix, each switchable so that an ablation mode can run the fix with
 * one part off.
 *
 * <p>Each process reads the row of the code it runs (in a mixed-version run the FE and each BE may
 * run different rows), and each part lives where Doris has it: {@code dropCarriesReplicaId} in the
 * FE (the DROP's id, the reported id kept by addReplica, the id sync of #18688),
 * {@code cloneStampsReplicaId} and {@code abortDropUnderClone} in the BE,
 * {@code reportVersionOnClone} in both (the BE raises and sends the version, the FE adopts it), and
 * the replica id fields themselves ({@link #replicaIdFields}) in both: a BE compares a DROP's id
 * only if it has the field, and a field one side lacks reaches the other as 0.
 *
 * @param name the mode this row is
 * @param dropCarriesReplicaId the FE puts the replica id the BE reported into the DROP (otherwise 0, which matches any copy), and keeps that id when it adds a reported copy to the catalog (PR #9971)
 * @param cloneStampsReplicaId a clone gives the tablet the request's replica id: an existing tablet with a lower id at the start of the clone (PR #16889), a new one when it is loaded from the snapshot (PR #9971)
 * @param abortDropUnderClone the BE aborts a DROP while the same tablet is under clone (PR #9971)
 * @param reportVersionOnClone a clone that creates a new tablet raises the BE's report version and the FE adopts it on the finish, so a tablet report taken before the clone is skipped as out of date (apache/doris MasterImpl.finishClone at 12456d76, task_worker_pool.cpp clone_callback)
 */
public record DorisMode(
        String name,
        boolean dropCarriesReplicaId,
        boolean cloneStampsReplicaId,
        boolean abortDropUnderClone,
        boolean reportVersionOnClone)
        implements Mode {
    public static final String NO_REPLICA_ID = "fixed-no-replica-id";
    public static final String NO_CLONE_STAMP = "fixed-no-clone-stamp";
    public static final String NO_CLONE_GUARD = "fixed-no-clone-guard";
    public static final String NO_REPORT_VERSION = "fixed-no-report-version";

    /** buggy, fixed, then one ablation per part of the fix: the table of modes. */
    public static final List<DorisMode> TABLE = List.of(
            new DorisMode("buggy", false, false, false, false),
            new DorisMode("fixed", true, true, true, true),
            new DorisMode(NO_REPLICA_ID, false, true, true, true),
            new DorisMode(NO_CLONE_STAMP, true, false, true, true),
            new DorisMode(NO_CLONE_GUARD, true, true, false, true),
            new DorisMode(NO_REPORT_VERSION, true, true, true, false));

    /** The modes' names, in the table's order. */
    public static final List<String> MODES = TABLE.stream().map(DorisMode::name).toList();

    /**
     * Whether this build carries PR #9971's replica id at all: the {@code replica_id} field of the
     * BE's tablet meta, of {@code TTabletInfo} (the report), {@code TCloneReq} and
     * {@code TDropTabletReq}. Every row but {@code buggy} is a build of the fix (an ablation turns
     * off one part of it, not the field), so this is "any part on". A process without it neither
     * sets nor reads these fields; its peer sees 0, thrift's value of an unset optional i64
     * (incubator-doris fae3eff2 has none of them: {@code gensrc/thrift/AgentService.thrift},
     * {@code MasterService.thrift}, {@code gensrc/proto/olap_file.proto}).
     */
    public boolean replicaIdFields() {
        return dropCarriesReplicaId || cloneStampsReplicaId || abortDropUnderClone || reportVersionOnClone;
    }

    public static DorisMode forMode(String mode) {
        for (DorisMode f : TABLE) {
            if (f.name.equals(mode)) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                "unknown mode '" + mode + "' (expected one of " + String.join(", ", MODES) + ")");
    }
}
