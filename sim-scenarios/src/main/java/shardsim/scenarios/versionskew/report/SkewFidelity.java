package shardsim.scenarios.versionskew.report;

import static shardsim.scenarios.versionskew.checks.UpstreamCommits.HORAEDB_BEFORE;
import static shardsim.scenarios.versionskew.checks.UpstreamCommits.HORAEDB_FIX;
import static shardsim.scenarios.versionskew.checks.UpstreamCommits.META_BEFORE;
import static shardsim.scenarios.versionskew.checks.UpstreamCommits.META_FIX;
import static shardsim.scenarios.versionskew.checks.UpstreamCommits.META_IDEMPOTENT;
import static shardsim.scenarios.versionskew.checks.UpstreamCommits.PROTO_FIX;

import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.scenarios.versionskew.plan.SkewMode;

/** The version-skew model against HoraeDB's and ceresmeta's code, row by row, for reports. */
final class SkewFidelity {

    private SkewFidelity() {}

    static List<FidelityRow> rows() {
        return List.of(
                new FidelityRow(
                        "Documented plan: node-1 applies a create whose response is lost, then the report's create (MMM_2198193666_INFLUENCE_PRE_SANDBOX_OUTPUT_TABLE, curr 1111 / prev 1110) fails with the report's error",
                        "the seed report (ceresmeta log of 2023-07-19); the lost response is the story of ceresmeta #263",
                        "A hypothesis: the report gives only the failing request, not how the node got ahead. The lost create gets a made-up name; the report's name goes to the failing request, as in the report."),
                new FidelityRow(
                        "buggy DDL on the node: check prev_version, take curr's version and update the shard's table list, then call the engine; an engine error leaves both moved",
                        "cluster/src/shard_operator.rs create_table / drop_table, cluster/src/shard_set.rs try_insert_table / try_remove_table at "
                                + HORAEDB_BEFORE,
                        "The frozen-shard check and partition tables are not modelled: no plan freezes a shard or creates a partition table."),
                new FidelityRow(
                        "fixed DDL on the node: the engine acts first, then the version is compared with the request's current version, the table list updated and the version incremented; the latest version is returned",
                        "cluster/src/shard_operator.rs, cluster/src/shard_set.rs (try_create_table, inc_shard_version), server/src/grpc/meta_event_service/mod.rs (latest_shard_version) at "
                                + HORAEDB_FIX,
                        "The engine is a table set per shard with a count of applied creates/drops; an armed engine fault fails an operation before it changes anything."),
                new FidelityRow(
                        "buggy meta: sends curr = v+1, prev = v; persists v+1 and the table only when the node answers success; aborts on an error or timeout and never retries",
                        "server/coordinator/procedure/ddl/createtable/create_table.go, ddl/common_util.go, cluster/metadata/topology_manager.go (prevVersion + 1) at "
                                + META_BEFORE,
                        "Meta's table metadata is written before the dispatch and stays when it fails (next rows)."),
                new FidelityRow(
                        "fixed meta: sends its current version in curr and no prev_version, stores the latest version the node returns",
                        "create_table.go, common_util.go (CreateTableOnShard returns latestVersion), dispatch_impl.go (convertUpdateShardInfoToPB sets no PrevVersion), AddTableTopology at "
                                + META_FIX,
                        ""),
                new FidelityRow(
                        "Table metadata: a create writes it (durable) before it dispatches to the node and leaves it when the dispatch fails; a create of a table with metadata fails with \"table already exists\"; "
                                + "a drop of a table with metadata but on no shard drops the metadata and sends nothing to a node; a drop of a table with no metadata fails (not found)",
                        "procedure/ddl/createtable/create_table.go prepareCallback, cluster/metadata/cluster_metadata.go CreateTableMetadata (ErrTableAlreadyExists), procedure/ddl/droptable/drop_table.go prepareCallback (!shardExists) at "
                                + META_FIX + " (the same at " + META_BEFORE + "); the leftover is ceresmeta #228",
                        "Metadata is keyed by table name: the model never reuses a name for another table, so a name stands for the table id meta allocates."),
                new FidelityRow(
                        "Meta with #286 (mode " + SkewMode.RETRY_D880DD2
                                + "): a create of a table whose metadata exists but which no shard lists reuses the metadata and dispatches again; only a table in the topology is refused",
                        "procedure/ddl/createtable/create_table.go checkTableExists / createMetadata / createOnShard, coordinator/persist_shard_picker.go (the shard assigned before is reused) at "
                                + META_IDEMPOTENT,
                        "The client names the shard of every request and a retry names the same one, which is what the persisted assignment gives upstream. "
                                + "A create whose node answer was lost leaves the table listed by the node's shard: a retry then passes the version check and fails with the node's "
                                + "\"the table to insert has already existed\" (shard_set.rs try_insert_table at "
                                + HORAEDB_FIX
                                + ", unchanged at a1869dc6), so #286 adopts only an orphan the version check refused."),
                new FidelityRow(
                        "A client that retries (modes " + SkewMode.RETRY_81B8D68 + ", " + SkewMode.RETRY_D880DD2
                                + "): a workload CREATE TABLE that failed or timed out is sent again after 1 s, doubling to 4 s, "
                                + "until it succeeds or the answer says the table exists; no other DDL and no probe is retried",
                        "#286's stated purpose (\"supports retrying from the upper layer to complete failed table creation procedures\", "
                                + META_IDEMPOTENT + "); the policy is the model's",
                        "Upstream prescribes no client policy; the backoff is a choice, and C5's result for the retry modes depends on the client retrying until an answer that no retry can change. "
                                + "C6 judges first sends only: a retry's outcome depends on what its earlier attempt left, which C5 judges."),
                new FidelityRow(
                        "The engine: a create of a table it holds returns that table; a drop of a table it does not hold succeeds and changes nothing; "
                                + "created tables live on the shard's shared storage (the manifest), which outlives a node's restart, and a reopen opens only the tables meta lists",
                        "catalog_impls/src/volatile.rs create_table l.290-313 and drop_table l.352-366, analytic_engine/src/instance/create.rs do_create_table (find_table_by_id, MetaUpdate::AddTable), "
                                + "cluster/src/shard_operator.rs open at " + HORAEDB_FIX,
                        "The table-id check of a create (DifferentTableId) is not modelled: no model request creates a name under a second id. C5 reads the storage, so an orphan a reopen leaves unopened still counts."),
                new FidelityRow(
                        "A DROP of a table the shard does not list: the fixed node drops in the engine (a no-op), then checks the version, then fails with \"the table to remove is not found\"; "
                                + "the buggy node checks the version, then the listing, before the engine",
                        "cluster/src/shard_set.rs try_remove_table (frozen, version, then TableNotFound) at "
                                + HORAEDB_FIX + " and " + HORAEDB_BEFORE
                                + "; try_insert_table likewise refuses a listed table after the version check",
                        ""),
                new FidelityRow(
                        "One gRPC request runs once: meta, the data nodes and the client hand each request (and each one-way message) to its handler once, however often the lossy link delivers it",
                        "every meta event and meta service call is a unary gRPC call (server/src/grpc/meta_event_service/mod.rs handle_request! / handle_request_with_version! at "
                                + HORAEDB_FIX + "; server/service/grpc/service.go at " + META_FIX + ")",
                        "The link duplicates envelopes to exercise the model; gRPC over HTTP/2 delivers a request once, so a duplicate is dropped at the receiver (RequestInbox). "
                                + "Before, a duplicated CreateTableOnShard / DropTableOnShard ran twice and the refusal could overtake the success."),
                new FidelityRow(
                        "Procedures on a shard: every procedure (create table, drop table, transfer leader) is submitted to a waiting queue and runs when the shard's procedure lock is free; "
                                + "one that finds it held is tried again every 500 ms; one whose shard version moved while it waited is removed and never answered",
                        "server/coordinator/procedure/manager_impl.go (procedureShardLock, waitingProcedures, defaultWaitingQueueDelay, checkValid, startProcedurePromote) and server/service/grpc/service.go CreateTable "
                                + "(waits on its result and error channels) at " + META_FIX,
                        "Only the shard version is compared, not the cluster view version (the model has no cluster view). The promote loop runs on a completion and on the 100 ms ticker's beat after an entry's delay, "
                                + "not on every beat. The scheduler's reopen is sent only when nothing holds or waits for the shard, as a scheduler that finds the shard busy tries again next round."),
                new FidelityRow(
                        "Fields only one side's code knows: prev_version (deprecated by the fix) and latest_shard_version (added by it) are proto3 uint64s, so an absent one reads as 0; "
                                + "the buggy node answers a DDL without latest_shard_version, the fixed meta sends no prev_version",
                        "meta_event.proto at " + PROTO_FIX + "; what each side writes and reads: VersionWire",
                        "Every pair of codes follows: new meta to an old node fails every DDL (expect version:0) unless the shard is at 0; old meta (curr = v+1) to a new node fails every DDL on a shard in step "
                                + "and passes only on a shard one ahead, which it keeps one ahead. An error answer carries 0 in either code."),
                new FidelityRow(
                        "Opening a shard: the node takes the shard's lock, then a copy held at the requested version is kept, one at a higher version refuses, otherwise the node rebuilds the shard from meta's stored view (GetTablesOfShards); "
                                + "meta asks for v+1 (buggy) or v (fixed) and persists no version for an open",
                        "server/src/grpc/meta_event_service/mod.rs do_open_shard (acquire_shard_lock first) at "
                                + HORAEDB_FIX + "; cluster/src/cluster_impl.rs open_shard l.251-307 at "
                                + HORAEDB_BEFORE
                                + " (unchanged at 642934ae); transfer_leader.go openNewShardCallback at " + META_BEFORE,
                        "GetTablesOfShards that times out fails the open (upstream retries 10 times 5 s apart, then panics); meta's scheduler reopens the shard on a later heartbeat, with the same effect on versions. "
                                + "A second open while one waits for meta's view fails, as the shard operator's try_lock does."),
                new FidelityRow(
                        "Heartbeat repair: meta adopts every higher version a node lists, whichever node meta names the shard's leader, only when the node was registered before and lists the same shard ids as in its last heartbeat",
                        "server/cluster/metadata/cluster_metadata.go RegisterNode (exists && !needUpdate) and maybeCorrectShardVersion (loops over all the node's shard infos), topology_manager.go UpdateShardVersionWithExpect at "
                                + META_FIX,
                        "Upstream reaches this path only in the dynamic topology (enableUpdateWhenStable); the model is a dynamic cluster, since it moves leaders. Under the shard lock only the lock holder lists a shard."),
                new FidelityRow(
                        "The heartbeat repair against a leader transfer: a data node builds its heartbeat from the shards it holds when it sends it, and meta handles it whenever it arrives, "
                                + "so a heartbeat the old leader sent just before meta's CloseShard, listing the shard one above meta (a create whose answer was lost), can reach meta after the new leader "
                                + "read meta's view to open; meta adopts it and stands above the new leader, whose every DDL then fails the version check (C9, a gap of the fix)",
                        "cluster/src/cluster_impl.rs start_heartbeat_loop (shard infos read per beat) l.113-129 and open_shard (GetTablesOfShards) l.251-307, cluster/src/shard_set.rs try_insert_table / try_remove_table "
                                + "(version equality) l.265, 327 at " + HORAEDB_FIX
                                + "; cluster_metadata.go RegisterNode / maybeCorrectShardVersion at " + META_FIX
                                + " (the same in horaemeta at horaedb a1869dc6, l.438-470, 794-815; the reopen scheduler there reopens only PartialOpen shards, reopen/scheduler.go needReopen)",
                        "The heartbeat and the CloseShard / OpenShard calls travel on different connections, so the link may reorder them; the model needs no fault beyond a lost answer, a transfer "
                                + "and a heartbeat slower than the close and the open together (19 ms in fixed random seed 13440, 247 ms in swarm seed 8689)."),
                new FidelityRow(
                        "The shard lock: an etcd key created only if absent, with a 30 s lease its holder keeps alive; its holder gets it back at once; closing a shard releases it; a crashed holder's lease expires one TTL after its last keepalive; "
                                + "OpenShard / CloseShard carry the target process's incarnation (a request to a process that has stopped dies with its connection)",
                        "cluster/src/shard_lock_manager.rs (create_lock_with_lease, maybe_fast_acquire_lock, revoke, keep_lease_alive), cluster/src/config.rs (shard_lock_lease_ttl_sec = 30), "
                                + "mod.rs acquire_shard_lock / release_shard_lock / do_close_shard at " + HORAEDB_FIX,
                        "etcd itself never fails in the model, so a live holder never loses its lease (on_lock_expired, which closes the shard, never runs). The keepalive runs every 10 s; upstream's waits until 1.5 rpc timeouts before expiry."),
                new FidelityRow(
                        "Transfer leader: a procedure that closes the shard on the old leader and then opens it on the new one; a failed close fails the procedure before anything opens; a reopen of a shard its leader does not list closes nothing",
                        "transfer_leader.go closeOldLeaderCallback then openNewShardCallback (OldLeaderNodeName empty: no close) at "
                                + META_FIX,
                        "Meta names the new leader in its view when the close succeeded; upstream learns the shard's node from the new leader's heartbeat (RegisterNode, UpdateClusterViewByNode). "
                                + "Either way the next DDL goes to the node that opened the shard; an open that failed is retried by the reopen on that node's heartbeat."),
                new FidelityRow(
                        "Mixed versions: meta's row of the mode table decides what meta sends and stores and whether it repairs from heartbeats; a data node's row how it checks, moves and returns the version and whether its engine acts first. "
                                + "An upgrade or downgrade restarts the process on the other code: a data node comes back holding no shard and meta reopens each from its stored view; meta comes back with no procedure running and an empty registration cache",
                        "the fix split by process: " + HORAEDB_FIX + " on the node, " + META_FIX
                                + " on meta (#268, the heartbeat repair, landed first, b4402f7); open_shard at "
                                + HORAEDB_BEFORE + " and RegisterNode at " + META_FIX,
                        "Upstream shipped both halves as breaking changes (refactor!) with no compatibility path, so the model has none. A node is stopped and started in place: no leader is moved off it first, and its shards are unavailable until meta reopens them. "
                                + "Meta before and after #268 alone (heartbeat repair without the new protocol) is not a row of the table."),
                new FidelityRow(
                        "Checks: C1 and C7 read each node's shard and engine; C5 reads the shards' storage and meta's disk; C2-C4 and C9 read meta's disk, the leader's shard and engine, and the client's answers. "
                                + "C9 (meta ahead of the leader) is split from C1, and C2, C3 and C6 leave a shard where meta stands ahead to C9, so the wedge the fix leaves open is one gap, apart from the lag it closes",
                        "(the model's own observers)",
                        "No node raises a violation: the kernel refuses one raised while model code runs."));
    }
}
