package shardsim.scenarios.versionskew.plan;

import java.util.List;
import shardsim.core.run.Mode;
import shardsim.core.scenario.Plans;
import shardsim.scenarios.versionskew.model.ClientDriver;

/**
 * Which parts of the upstream fix are on, one row per mode. {@code buggy} has none, {@code fixed}
 * the version fix the report is about (horaedb 642934ae with incubator-horaedb-meta 81b8d68), and
 * each ablation switches exactly one of its three parts off. Two more rows put a client in front
 * that sends a failed CREATE TABLE again: {@value #RETRY_81B8D68} on the fixed code, where meta
 * refuses the retry because the failed create left the table's metadata (ceresmeta #228), and
 * {@value #RETRY_D880DD2} on meta with #286 (d880dd2, "make create table idempotent"), which
 * reuses that metadata and dispatches the create again, so the engine's idempotent create adopts
 * a table it created before.
 *
 * @param name the mode this row is
 * @param nodeDecidesVersion meta sends its current version and stores what the node returns (else meta sends v+1 and stores its own v+1)
 * @param engineBeforeBump the node runs the engine operation before it moves the version (else it bumps and registers first)
 * @param heartbeatRepair meta adopts a node's higher version from a heartbeat
 * @param metaReusesFailedCreate meta runs #286: a create of a table with metadata but in no shard's topology goes ahead (else it fails: the table exists)
 * @param clientRetriesCreate the client sends a CREATE TABLE that failed or timed out again ({@link ClientDriver})
 */
public record SkewMode(
        String name,
        boolean nodeDecidesVersion,
        boolean engineBeforeBump,
        boolean heartbeatRepair,
        boolean metaReusesFailedCreate,
        boolean clientRetriesCreate)
        implements Mode {
    public static final String NO_NODE_VERSION = "fixed-meta-decides-version";
    public static final String BUMP_BEFORE_ENGINE = "fixed-bump-before-engine";
    public static final String NO_HEARTBEAT_REPAIR = "fixed-no-heartbeat-repair";
    /** fixed, with a client that retries a failed CREATE TABLE: meta at 81b8d68 refuses the retry. */
    public static final String RETRY_81B8D68 = "fixed-retry-81b8d68";
    /** fixed with meta at d880dd2 (#286), with a client that retries a failed CREATE TABLE. */
    public static final String RETRY_D880DD2 = "fixed-retry-d880dd2";

    /** buggy, fixed, one ablation per part of the fix, then the two retrying clients: the table of modes. */
    public static final List<SkewMode> TABLE = List.of(
            new SkewMode(Plans.BUGGY, false, false, false, false, false),
            new SkewMode(Plans.FIXED, true, true, true, false, false),
            new SkewMode(NO_NODE_VERSION, false, true, true, false, false),
            new SkewMode(BUMP_BEFORE_ENGINE, true, false, true, false, false),
            new SkewMode(NO_HEARTBEAT_REPAIR, true, true, false, false, false),
            new SkewMode(RETRY_81B8D68, true, true, true, false, true),
            new SkewMode(RETRY_D880DD2, true, true, true, true, true));
}
