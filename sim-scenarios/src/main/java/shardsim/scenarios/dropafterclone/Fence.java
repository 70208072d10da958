package shardsim.scenarios.dropafterclone;

import java.util.List;

/**
 * The parts of the upstream fix (replica-id fencing), each switchable so that an ablation mode can
 * run the fix with one part off.
 *
 * @param dropCarriesReplicaId the FE puts the replica id the BE reported into the DROP (otherwise 0, which matches any copy)
 * @param cloneStampsReplicaId a finished CLONE writes the new replica id into the BE's tablet meta; the BE also refuses a CLONE older than its tablet
 * @param abortDropUnderClone the BE aborts a DROP while the same tablet is under clone
 */
public record Fence(boolean dropCarriesReplicaId, boolean cloneStampsReplicaId, boolean abortDropUnderClone) {
    public static final String NO_REPLICA_ID = "fixed-no-replica-id";
    public static final String NO_CLONE_STAMP = "fixed-no-clone-stamp";
    public static final String NO_CLONE_GUARD = "fixed-no-clone-guard";

    /** buggy, fixed, then one ablation per part of the fence. */
    public static final List<String> MODES = List.of("buggy", "fixed", NO_REPLICA_ID, NO_CLONE_STAMP, NO_CLONE_GUARD);

    public static Fence forMode(String mode) {
        switch (mode) {
            case "buggy":
                return new Fence(false, false, false);
            case "fixed":
                return new Fence(true, true, true);
            case NO_REPLICA_ID:
                return new Fence(false, true, true);
            case NO_CLONE_STAMP:
                return new Fence(true, false, true);
            case NO_CLONE_GUARD:
                return new Fence(true, true, false);
            default:
                throw new IllegalArgumentException("unknown mode '" + mode + "' (expected one of " + String.join(", ", MODES) + ")");
        }
    }
}
