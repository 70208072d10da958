package shardsim.scenarios.dropafterclone.model;

/**
 * A tablet copy on a BE's disk.
 *
 * @param tabletId the tablet
 * @param replicaId the replica id in the BE's tablet meta: what the BE reports and what a fenced DROP is compared with
 * @param writtenFor ghost state for the checks only (no node reads it): the catalog replica whose creation or clone last wrote this copy
 */
public record LocalTablet(long tabletId, long replicaId, long writtenFor) {
    /** The same copy with {@code id} in its tablet meta (a clone stamping the new replica id). */
    LocalTablet stamped(long id) {
        return new LocalTablet(tabletId, id, writtenFor);
    }
}
