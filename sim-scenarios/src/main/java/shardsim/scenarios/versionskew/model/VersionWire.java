package shardsim.scenarios.versionskew.model;

import shardsim.scenarios.versionskew.plan.SkewMode;

/**
 * The shard-version fields of the meta event service as each side's code writes and reads them,
 * so that a meta and a data node running different code meet as they would in production. The
 * part of the fix that spans both processes ({@link SkewMode#nodeDecidesVersion()}) is split here:
 * meta's row decides what meta sends and stores, the node's row what the node checks, moves and
 * returns.
 *
 * <p>Upstream (protobuf {@code meta_event.proto}, incubator-horaedb-proto ca110f5, #107): the
 * fix adds {@code uint64 latest_shard_version = 2} to {@code CreateTableOnShardResponse} and
 * {@code DropTableOnShardResponse} and deprecates {@code UpdateShardInfo.prev_version}. Both are
 * proto3 scalars: a field the sender's code does not set is not on the wire and reads as 0.
 * <ul>
 * <li>meta before the fix (incubator-horaedb-meta 7afb295^, {@code BuildShardVersionUpdate} and
 * {@code BuildCreateTableRequest} in ddl/common_util.go) sends {@code curr = v + 1, prev = v} and
 * stores its own {@code v + 1} on success; the response's version is never read.
 * <li>meta with the fix (7afb295, #264; {@code convertUpdateShardInfoToPB} in
 * eventdispatch/dispatch_impl.go no longer sets {@code PrevVersion}) sends {@code curr = v} and no
 * {@code prev}, and stores {@code resp.GetLatestShardVersion()} as it comes ({@code AddTable} in
 * cluster/metadata/topology_manager.go at 81b8d68 has no guard against 0).
 * <li>a node before the fix (horaedb 642934ae^, {@code try_insert_table} / {@code try_remove_table}
 * in cluster/src/shard_set.rs) checks its version against {@code prev_version}, takes
 * {@code curr}'s version, and answers with a header only.
 * <li>a node with the fix (642934ae, #1286) checks its version against {@code curr}'s, adds one
 * ({@code inc_shard_version}) and returns it in {@code latest_shard_version}
 * ({@code handle_request_with_version!} in server/src/grpc/meta_event_service/mod.rs).
 * </ul>
 */
final class VersionWire {
    /** What a reader gets for a proto3 {@code uint64} the writer's code does not set. */
    static final long ABSENT = 0;

    private VersionWire() {}

    /** meta's {@code update_shard_info} for a DDL on a shard meta stores at {@code stored}. */
    static UpdateShardInfo ddlRequest(SkewMode meta, int shardId, long stored) {
        return meta.nodeDecidesVersion()
                ? new UpdateShardInfo(new ShardInfo(shardId, ShardRole.Leader, stored), ABSENT)
                : new UpdateShardInfo(new ShardInfo(shardId, ShardRole.Leader, stored + 1), stored);
    }

    /**
     * The version meta puts in an OpenShard request: v + 1 before the fix ({@code openNewShardCallback},
     * transfer_leader.go at 7afb295^), v after it (7afb295). The node only compares it.
     */
    static long openVersion(SkewMode meta, long stored) {
        return meta.nodeDecidesVersion() ? stored : stored + 1;
    }

    /** The version the node requires its shard to be at for the DDL to go ahead. */
    static long expected(SkewMode node, UpdateShardInfo update) {
        return node.nodeDecidesVersion() ? update.currShardInfo().version() : update.prevVersion();
    }

    /** The node's shard version after the DDL, from the version it held. */
    static long next(SkewMode node, long held, UpdateShardInfo update) {
        return node.nodeDecidesVersion() ? held + 1 : update.currShardInfo().version();
    }

    /** {@code latest_shard_version} in the node's successful answer. */
    static long reported(SkewMode node, long version) {
        return node.nodeDecidesVersion() ? version : ABSENT;
    }

    /** The version meta persists once the node answered success. */
    static long stored(SkewMode meta, UpdateShardInfo sent, long reported) {
        return meta.nodeDecidesVersion() ? reported : sent.currShardInfo().version();
    }
}
