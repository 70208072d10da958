package shardsim.scenarios.versionskew.checks;

import shardsim.core.check.ClaimTable;
import shardsim.core.scenario.Plans;
import shardsim.scenarios.versionskew.plan.SkewMode;

/**
 * What each mode of version-skew says of each invariant: its known gaps (C5, in every mode, the retrying clients' modes included;
 * C9 in every build with the heartbeat repair) and the
 * claims each mode is expected to break (the reported bug in {@code buggy}; in an ablation, what the
 * part it removes protects). An ablation's expected break stays a claim: the ablation is the fix
 * less one part and claims what the fix claims, so its failing run is the evidence that the part is
 * needed, not a gap upstream leaves.
 */
public final class SkewClaims {
    /** The builds of the fix whose node runs the engine before the version check. */
    private static final String[] ENGINE_FIRST = {Plans.FIXED, SkewMode.NO_NODE_VERSION, SkewMode.NO_HEARTBEAT_REPAIR};

    /** The builds with the heartbeat repair: the fix, its ablations but the one without the repair, and the retrying clients' modes. */
    private static final String[] WITH_REPAIR = {
        Plans.FIXED,
        SkewMode.NO_NODE_VERSION,
        SkewMode.BUMP_BEFORE_ENGINE,
        SkewMode.RETRY_81B8D68,
        SkewMode.RETRY_D880DD2
    };

    /**
     * Why C9 stays open wherever meta repairs from heartbeats: a race of the repair with a leader
     * transfer that upstream's code allows. Found at 100,000 fixed seeds (random 13440; swarm 8689,
     * 20830, 74161), shrunk to a lost create answer and one TransferLeader (docs/scenarios/version-skew.md).
     */
    static final String STALE_HEARTBEAT =
            "a heartbeat the old leader built before meta closed the shard there (listing it one version above meta's, "
                    + "after a create whose answer was lost) reaches meta after the new leader read meta's view (open_shard's GetTablesOfShards); "
                    + "maybeCorrectShardVersion adopts it, since it raises meta to any higher version any node lists while that node's shard ids are "
                    + "unchanged (server/cluster/metadata/cluster_metadata.go RegisterNode / maybeCorrectShardVersion at "
                    + UpstreamCommits.META_FIX
                    + ", the same in horaemeta at horaedb a1869dc6 l.438-470, 794-815). Meta then stands one above the new leader and nothing lowers it: "
                    + "the reopen scheduler reopens only PartialOpen shards (horaemeta/server/coordinator/scheduler/reopen/scheduler.go needReopen at "
                    + "a1869dc6), and the node refuses every DDL whose version is not its own (cluster/src/shard_set.rs try_insert_table / try_remove_table "
                    + "at " + UpstreamCommits.HORAEDB_FIX
                    + " l.265, 327), so the shard is wedged: its DDLs fail with \"Shard version mismatch\"";

    /** The table, built once. */
    public static final ClaimTable TABLE = table();

    private SkewClaims() {}

    static ClaimTable table() {
        return ClaimTable.builder(
                        SkewChecks.INVARIANTS,
                        SkewMode.TABLE.stream().map(SkewMode::name).toList())
                .gap(
                        SkewChecks.C5,
                        "the buggy node registers a table before its engine creates it and meta aborts a create on a lost answer or an error "
                                + "without cleaning up, so a create whose answer is lost leaves a table meta never records; nothing rolls it back "
                                + "(cluster/src/shard_operator.rs create_table at " + UpstreamCommits.HORAEDB_BEFORE
                                + ", create_table.go at " + UpstreamCommits.META_BEFORE + ")",
                        Plans.BUGGY)
                .gap(
                        SkewChecks.C5,
                        "the fix runs the engine before the version check, so a create the check refuses, or one whose answer is lost, "
                                + "leaves its table in the engine, and upstream has no rollback (cluster/src/shard_operator.rs at "
                                + UpstreamCommits.HORAEDB_FIX
                                + " and since); the fix never claimed C5",
                        ENGINE_FIRST)
                .gap(
                        SkewChecks.C5,
                        "as in the fix, a create whose answer is lost leaves its table in the engine, which meta never records, and "
                                + "upstream has no rollback (cluster/src/shard_operator.rs at "
                                + UpstreamCommits.HORAEDB_FIX
                                + " and since); the fix never claimed C5",
                        SkewMode.BUMP_BEFORE_ENGINE)
                .gap(
                        SkewChecks.C5,
                        "as in the fix, with a client that retries a failed CREATE TABLE: meta at 81b8d68 refuses the retry with "
                                + "\"table already exists\" (its metadata of the first try is left, #228), so the table the engine created first stays an orphan (cluster/src/shard_operator.rs at "
                                + UpstreamCommits.HORAEDB_FIX + ")",
                        SkewMode.RETRY_81B8D68)
                .gap(
                        SkewChecks.C5,
                        "with meta at d880dd2 (#286) a retry reuses the table's shard and metadata and adopts a table the version check "
                                + "refused, but a table the node already lists fails the retry (\"the table to insert has already existed\", shard_set.rs "
                                + "try_insert_table at " + UpstreamCommits.HORAEDB_FIX
                                + "), and a client that gives up leaves the orphan",
                        SkewMode.RETRY_D880DD2)
                .gap(SkewChecks.C9, STALE_HEARTBEAT, WITH_REPAIR)
                .expectedBreak(
                        SkewChecks.C1,
                        "the reported bug's code: the buggy node moves the version and the table list before its engine acts, "
                                + "so an engine failure leaves a version step no engine backed (shard_operator.rs at "
                                + UpstreamCommits.HORAEDB_BEFORE + ")",
                        Plans.BUGGY)
                .expectedBreak(
                        SkewChecks.C2,
                        "the reported bug: after one lost answer meta stays at v while the node is at v+1, and nothing repairs it",
                        Plans.BUGGY)
                .expectedBreak(
                        SkewChecks.C3,
                        "the reported bug: every later DDL on the skewed shard fails with \"Shard version mismatch\"",
                        Plans.BUGGY)
                .expectedBreak(
                        SkewChecks.C6,
                        "the reported bug: a DDL sent in a settled, fault-free cluster fails with \"Shard version mismatch\"",
                        Plans.BUGGY)
                .expectedBreak(
                        SkewChecks.C1,
                        "this ablation moves the version before the engine acts, the order "
                                + UpstreamCommits.HORAEDB_FIX
                                + " reverses: an engine failure leaves a version step no engine backed",
                        SkewMode.BUMP_BEFORE_ENGINE)
                .expectedBreak(
                        SkewChecks.C2,
                        "without heartbeat repair (maybeCorrectShardVersion, " + UpstreamCommits.META_FIX
                                + ") nothing heals the lag a lost answer leaves",
                        SkewMode.NO_HEARTBEAT_REPAIR)
                .expectedBreak(
                        SkewChecks.C3,
                        "without heartbeat repair a lagging shard stays wedged: later DDLs fail",
                        SkewMode.NO_HEARTBEAT_REPAIR)
                .expectedBreak(
                        SkewChecks.C6,
                        "without heartbeat repair a settled DDL on a lagging shard fails",
                        SkewMode.NO_HEARTBEAT_REPAIR)
                .build();
    }
}
