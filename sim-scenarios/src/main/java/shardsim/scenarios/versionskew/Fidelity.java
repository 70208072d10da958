package shardsim.scenarios.versionskew;

import java.util.List;
import shardsim.core.scenario.FidelityRow;

/** The version-skew model against HoraeDB's and ceresmeta's code, row by row, for reports. */
final class Fidelity {
    static final String HORAEDB_FIX = "horaedb 642934ae (#1286)";
    static final String HORAEDB_BEFORE = "horaedb 642934ae^";
    static final String META_FIX = "incubator-horaedb-meta 81b8d68 (#268, #270 on #264)";
    static final String META_BEFORE = "incubator-horaedb-meta 7afb295^";
    static final String PROTO_FIX = "incubator-horaedb-proto ca110f5 (#107)";
    static final String META_IDEMPOTENT = "incubator-horaedb-meta d880dd2 (#286)";

    private Fidelity() {
    }

    static List<FidelityRow> rows() {
        return List.of(
                new FidelityRow("Documented plan: node-1 applies a create whose response is lost, then the report's create (MMM_2198193666_INFLUENCE_PRE_SANDBOX_OUTPUT_TABLE, curr 1111 / prev 1110) fails with the report's error",
                        "the seed report (ceresmeta log of 2023-07-19); the lost response is the story of ceresmeta #263",
                        "A hypothesis: the report gives only the failing request, not how the node got ahead. The lost create gets a made-up name; the report's name goes to the failing request, as in the report."),
                new FidelityRow("buggy DDL on the node: check prev_version, take curr's version and update the shard's table list, then call the engine; an engine error leaves both moved",
                        "cluster/src/shard_operator.rs create_table / drop_table, cluster/src/shard_set.rs try_insert_table / try_remove_table at " + HORAEDB_BEFORE,
                        "The frozen-shard check and partition tables are not modelled: no plan freezes a shard or creates a partition table."),
                new FidelityRow("fixed DDL on the node: the engine acts first, then the version is compared with the request's current version, the table list updated and the version incremented; the latest version is returned",
                        "cluster/src/shard_operator.rs, cluster/src/shard_set.rs (try_create_table, inc_shard_version), server/src/grpc/meta_event_service/mod.rs (latest_shard_version) at " + HORAEDB_FIX,
                        "The engine is a table set per shard with a count of applied creates/drops; an armed engine fault fails an operation before it changes anything."),
                new FidelityRow("buggy meta: sends curr = v+1, prev = v; persists v+1 and the table only when the node answers success; aborts on an error or timeout and never retries",
                        "server/coordinator/procedure/ddl/createtable/create_table.go, ddl/common_util.go, cluster/metadata/topology_manager.go (prevVersion + 1) at " + META_BEFORE,
                        "Meta's table metadata is written before the dispatch and stays when it fails (next rows)."),
                new FidelityRow("fixed meta: sends its current version in curr and no prev_version, stores the latest version the node returns",
                        "create_table.go, common_util.go (CreateTableOnShard returns latestVersion), dispatch_impl.go (convertUpdateShardInfoToPB sets no PrevVersion), AddTableTopology at " + META_FIX,
                        ""),
                new FidelityRow("Table metadata: a create writes it (durable) before it dispatches to the node and leaves it when the dispatch fails; a create of a table with metadata fails with \"table already exists\"; "
                        + "a drop of a table with metadata but on no shard drops the metadata and sends nothing to a node; a drop of a table with no metadata fails (not found)",
                        "procedure/ddl/createtable/create_table.go prepareCallback, cluster/metadata/cluster_metadata.go CreateTableMetadata (ErrTableAlreadyExists), procedure/ddl/droptable/drop_table.go prepareCallback (!shardExists) at "
                                + META_FIX + " (the same at " + META_BEFORE + "); the leftover is ceresmeta #228",
                        "Metadata is keyed by table name: the model never reuses a name for another table, so a name stands for the table id meta allocates."),
                new FidelityRow("Meta with #286 (mode " + FixParts.RETRY_D880DD2 + "): a create of a table whose metadata exists but which no shard lists reuses the metadata and dispatches again; only a table in the topology is refused",
                        "procedure/ddl/createtable/create_table.go checkTableExists / createMetadata / createOnShard, coordinator/persist_shard_picker.go (the shard assigned before is reused) at " + META_IDEMPOTENT,
                        "The client names the shard of every request and a retry names the same one, which is what the persisted assignment gives upstream. "
                                + "A create whose node answer was lost leaves the table listed by the node's shard: a retry then passes the version check and fails with the node's "
                                + "\"the table to insert has already existed\" (shard_set.rs try_insert_table at " + HORAEDB_FIX + ", unchanged at a1869dc6), so #286 adopts only an orphan the version check refused."),
                new FidelityRow("A client that retries (modes " + FixParts.RETRY_81B8D68 + ", " + FixParts.RETRY_D880DD2 + "): a workload CREATE TABLE that failed or timed out is sent again after 1 s, doubling to 4 s, "
                        + "until it succeeds or the answer says the table exists; no other DDL and no probe is retried",
                        "#286's stated purpose (\"supports retrying from the upper layer to complete failed table creation procedures\", " + META_IDEMPOTENT + "); the policy is the model's",
                        "Upstream prescribes no client policy; the backoff is a choice, and C5's result for the retry modes depends on the client retrying until an answer that no retry can change. "
                                + "C6 judges first sends only: a retry's outcome depends on what its earlier attempt left, which C5 judges."),
                new FidelityRow("The engine: a create of a table it holds returns that table; a drop of a table it does not hold succeeds and changes nothing; "
                        + "created tables live on the shard's shared storage (the manifest), which outlives a node's restart, and a reopen opens only the tables meta lists",
                        "catalog_impls/src/volatile.rs create_table l.290-313 and drop_table l.352-366, analytic_engine/src/instance/create.rs do_create_table (find_table_by_id, MetaUpdate::AddTable), "
                                + "cluster/src/shard_operator.rs open at " + HORAEDB_FIX,
                        "The table-id check of a create (DifferentTableId) is not modelled: no model request creates a name under a second id. C5 reads the storage, so an orphan a reopen leaves unopened still counts."),
                new FidelityRow("A DROP of a table the shard does not list: the fixed node drops in the engine (a no-op), then checks the version, then fails with \"the table to remove is not found\"; "
                        + "the buggy node checks the version, then the listing, before the engine",
                        "cluster/src/shard_set.rs try_remove_table (frozen, version, then TableNotFound) at " + HORAEDB_FIX + " and " + HORAEDB_BEFORE + "; try_insert_table likewise refuses a listed table after the version check",
                        ""),
                new FidelityRow("One gRPC request runs once: meta, the data nodes and the client hand each request (and each one-way message) to its handler once, however often the lossy link delivers it",
                        "every meta event and meta service call is a unary gRPC call (server/src/grpc/meta_event_service/mod.rs handle_request! / handle_request_with_version! at " + HORAEDB_FIX
                                + "; server/service/grpc/service.go at " + META_FIX + ")",
                        "The link duplicates envelopes to exercise the model; gRPC over HTTP/2 delivers a request once, so a duplicate is dropped at the receiver (RpcInbox). "
                                + "Before, a duplicated CreateTableOnShard / DropTableOnShard ran twice and the refusal could overtake the success."),
                new FidelityRow("Procedures on a shard: every procedure (create table, drop table, transfer leader) is submitted to a waiting queue and runs when the shard's procedure lock is free; "
                        + "one that finds it held is tried again every 500 ms; one whose shard version moved while it waited is removed and never answered",
                        "server/coordinator/procedure/manager_impl.go (procedureShardLock, waitingProcedures, defaultWaitingQueueDelay, checkValid, startProcedurePromote) and server/service/grpc/service.go CreateTable "
                                + "(waits on its result and error channels) at " + META_FIX,
                        "Only the shard version is compared, not the cluster view version (the model has no cluster view). The promote loop runs on a completion and on the 100 ms ticker's beat after an entry's delay, "
                                + "not on every beat. The scheduler's reopen is sent only when nothing holds or waits for the shard, as a scheduler that finds the shard busy tries again next round."),
                new FidelityRow("Fields only one side's code knows: prev_version (deprecated by the fix) and latest_shard_version (added by it) are proto3 uint64s, so an absent one reads as 0; "
                        + "the buggy node answers a DDL without latest_shard_version, the fixed meta sends no prev_version",
                        "meta_event.proto at " + PROTO_FIX + "; what each side writes and reads: VersionWire",
                        "Every pair of codes follows: new meta to an old node fails every DDL (expect version:0) unless the shard is at 0; old meta (curr = v+1) to a new node fails every DDL on a shard in step "
                                + "and passes only on a shard one ahead, which it keeps one ahead. An error answer carries 0 in either code."),
                new FidelityRow("Opening a shard: a copy held at the requested version is kept, one at a higher version refuses, otherwise the node rebuilds the shard from meta's stored view (GetTablesOfShards); meta asks for v+1 (buggy) or v (fixed) and persists no version for an open",
                        "cluster/src/cluster_impl.rs open_shard l.251-307 at " + HORAEDB_BEFORE + " (unchanged at 642934ae); transfer_leader.go openNewShardCallback at " + META_BEFORE,
                        "GetTablesOfShards that times out fails the open (upstream retries, then panics); meta's scheduler re-opens the shard on a later heartbeat, with the same effect on versions. "
                                + "A copy left from an earlier assignment is closed first (its shard lock is gone, below), and a request the lossy link duplicated is answered once, as one gRPC request is."),
                new FidelityRow("Heartbeat repair: meta adopts a higher version a node reports, only when the node was registered before and lists the same shard ids as in its last heartbeat",
                        "server/cluster/metadata/cluster_metadata.go RegisterNode (exists && !needUpdate) and maybeCorrectShardVersion, topology_manager.go UpdateShardVersionWithExpect at " + META_FIX,
                        "Upstream reaches this path only in the dynamic topology (enableUpdateWhenStable); the model is a dynamic cluster, since it moves leaders. Upstream compares every shard the node lists; the model only the shards it assigns to that node, which under the shard lock below are the same."),
                new FidelityRow("Shard assignment: OpenShard / CloseShard / heartbeat entries carry meta's assignment number and the process incarnation; a node refuses an older assignment and closes only an assignment it was told to",
                        "the etcd shard lock a node takes before opening a shard and releases on close (acquire_shard_lock / release_shard_lock in server/src/grpc/meta_event_service/mod.rs at " + HORAEDB_FIX + ")",
                        "A stand-in for the lock, not a lease: it keeps a shard open on one node at a time, as the lock does. DDLs carry no such number: upstream checks only that the shard is open and the version."),
                new FidelityRow("Transfer leader: open on the new node, then close on the old one",
                        "transfer_leader.go (close old leader, then open new) at " + META_FIX,
                        "The order is reversed; with the assignment number a late close cannot close the new copy, the old copy's heartbeats are ignored, and a node given the shard again drops its old copy first. "
                                + "Without that last rule, 1 random and 59 swarm seeds of 100,000 wedged in fixed mode (a stale copy ahead of meta refused the new open): an artifact of the reversed order, which upstream's lock and order exclude."),
                new FidelityRow("Mixed versions: meta's row of the mode table decides what meta sends and stores and whether it repairs from heartbeats; a data node's row how it checks, moves and returns the version and whether its engine acts first. "
                        + "An upgrade or downgrade restarts the process on the other code: a data node comes back holding no shard and meta reopens each from its stored view; meta comes back with no procedure running and an empty registration cache",
                        "the fix split by process: " + HORAEDB_FIX + " on the node, " + META_FIX + " on meta (#268, the heartbeat repair, landed first, b4402f7); open_shard at " + HORAEDB_BEFORE + " and RegisterNode at " + META_FIX,
                        "Upstream shipped both halves as breaking changes (refactor!) with no compatibility path, so the model has none. A node is stopped and started in place: no leader is moved off it first, and its shards are unavailable until meta reopens them. "
                                + "Meta before and after #268 alone (heartbeat repair without the new protocol) is not a row of the table."),
                new FidelityRow("Checks: C1 and C7 read each node's shard and engine; C5 reads the shards' storage and meta's disk; C2-C4 read meta's disk, the leader's shard and engine, and the client's answers",
                        "(the model's own observers)",
                        "No node raises a violation: the kernel refuses one raised while model code runs."));
    }
}
