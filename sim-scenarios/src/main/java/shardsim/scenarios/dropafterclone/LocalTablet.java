package shardsim.scenarios.dropafterclone;

/**
 * A tablet copy on a BE's disk.
 *
 * @param tabletId the tablet
 * @param replicaId the replica id in the BE's tablet meta: what the BE reports and what a fenced DROP is compared with
 * @param writtenFor ghost state for the checks only (no node reads it): the catalog replica whose creation or clone last wrote this copy
 * @param complete ghost state: false when an incremental clone found its base gone and installed only the missing versions
 */
public record LocalTablet(long tabletId, long replicaId, long writtenFor, boolean complete) {
}
