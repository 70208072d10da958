package shardsim.scenarios.versionskew.checks;

import java.util.List;
import java.util.Map;
import shardsim.core.check.Rule;
import shardsim.core.node.Disk;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Actor;
import shardsim.scenarios.versionskew.model.ClientDriver;
import shardsim.scenarios.versionskew.model.DataNode;
import shardsim.scenarios.versionskew.model.Engine;
import shardsim.scenarios.versionskew.model.MetaNode;
import shardsim.scenarios.versionskew.model.ShardStorage;
import shardsim.scenarios.versionskew.model.ShardView;
import shardsim.scenarios.versionskew.model.Timing;

/**
 * C1-C9 over one run, all read from outside the model: meta's disk, each data node's shards and
 * its {@link Engine}. C1 and C9 run after every event (a map lookup per shard and open shard); C2 is a
 * scheduled check once the quiet tail has lasted {@link Timing#convergeMicros()}; C3, C4 and C5 are
 * validations at the end; C6 ({@link DdlAvailability}) runs after every event on the client's log;
 * C7 ({@link VersionStepCheck}) after every event in which a data node's engine changed; C8
 * ({@link RequestsAnswered}) after every event and at the end, from the kernel's read-only view of
 * the run's messages and faults.
 */
public final class SkewChecks {
    public static final Rule C1 = new Rule(
            "C1",
            "on every node every version step since it opened a shard is backed by a create/drop its engine applied (v - v_open <= engine DDLs since)");
    public static final Rule C2 = new Rule(
            "C2",
            "with no DDL in flight for three heartbeat periods plus delivery after the faults, meta has caught up with every shard's leader: meta.v >= leader.v (with C9, meta.v == leader.v)");
    public static final Rule C3 = new Rule(
            "C3",
            "after that quiet window a CREATE TABLE on every shard succeeds, and so does a DROP TABLE of that table sent as soon as the create is answered (no shard is wedged, and meta keeps up with back-to-back DDLs); "
                    + "a shard where meta then stands ahead of its leader is C9's");
    public static final Rule C4 =
            new Rule("C4", "every table the client was told was created is held by the engine of its shard's leader");
    public static final Rule C5 = new Rule(
            "C5",
            "at the end no orphan table: every table an engine wrote to a shard's storage (its manifest) is in meta's view of that shard");
    public static final Rule C6 = new Rule(
            "C6",
            "a CREATE/DROP TABLE sent for the first time with no fault in force, no fault or lost message for the settle time (the C2 bound), the shard open on its leader, meta not ahead of it (C9's) and no procedure on it in meta, succeeds");
    public static final Rule C7 = new Rule(
            "C7",
            "on every node every create/drop it registers moves the shard's version: for every open shard v - v_open >= the creates/drops its engine applied there since the open, less those the version check then refused (with C1, v moves by exactly the DDLs the node registered)");
    /**
     * Split from C1: meta standing ahead of the leader wedges the shard (the node refuses every DDL
     * whose version differs from its own, and the heartbeat repair only ever raises meta). Apart
     * from C1 because the fix leaves it open (SkewClaims), where it closes the other direction.
     */
    public static final Rule C9 = new Rule(
            "C9",
            "meta is never ahead of a shard's leader: for every shard meta.v <= leader.v (a leader behind meta refuses every DDL, and no repair lowers meta)");

    /**
     * A DROP TABLE the client was told succeeded took the table out of meta's topology: meta answers
     * a drop's success only after the leader dropped the table ({@code DropTableOnShard}) and
     * {@code ClusterMetadata.DropTable} removed it from its shard's view ({@code prepareCallback} in
     * server/coordinator/procedure/ddl/droptable/drop_table.go, incubator-horaedb-meta 0f042af; the
     * order MetaNode.runDrop models), and only a later create of the same name lists it again.
     */
    public static final Rule C10 = new Rule(
            "C10",
            "at the end no table the client was told was dropped from a shard, and sent no CREATE TABLE of since, is listed in meta's view of that shard");

    public static final List<Rule> INVARIANTS = List.of(C1, C2, C3, C4, C5, C6, C7, RequestsAnswered.C8, C9, C10);

    private final Simulation sim;
    private final ShardStorage storage;
    private final List<String> nodes;
    private final int[] shardIds;
    private final String[] keys;
    /** Per shard, since when meta's version has been behind its leader's (-1 when it is not). */
    private final long[] lagSince;

    private long viewsVersion = Long.MIN_VALUE;
    private final ShardView[] views;

    private final DdlAvailability availability;
    private final VersionStepCheck steps;
    private final RequestsAnswered answers;

    public SkewChecks(
            Simulation sim, List<String> dataNodes, List<Integer> shards, Timing timing, ShardStorage storage) {
        this.sim = sim;
        this.storage = storage;
        this.availability = new DdlAvailability(sim, timing);
        this.steps = new VersionStepCheck(sim.view(), dataNodes);
        this.answers = new RequestsAnswered(sim, dataNodes, timing);
        this.nodes = List.copyOf(dataNodes);
        this.shardIds = new int[shards.size()];
        this.keys = new String[shards.size()];
        this.lagSince = new long[shards.size()];
        this.views = new ShardView[shards.size()];
        java.util.Arrays.fill(lagSince, -1);
        for (int i = 0; i < shardIds.length; i++) {
            shardIds[i] = shards.get(i);
            keys[i] = ShardView.key(shardIds[i]);
        }
    }

    public void register() {
        sim.checks().invariant(shardsim.core.check.Invariant.of(C1, this::everyStepBacked));
        sim.checks().invariant(shardsim.core.check.Invariant.of(C9, this::metaNotAhead));
        sim.checks().invariant(shardsim.core.check.Invariant.of(C6, availability::check));
        sim.checks().invariant(shardsim.core.check.Invariant.of(C7, steps::check));
        sim.checks().validation(shardsim.core.check.Invariant.of(C3, this::probesSucceeded));
        sim.checks().validation(shardsim.core.check.Invariant.of(C4, this::createdTablesExist));
        sim.checks().validation(shardsim.core.check.Invariant.of(C5, this::noOrphanTables));
        sim.checks().validation(shardsim.core.check.Invariant.of(C10, this::droppedTablesGone));
        answers.register();
    }

    /** Meta's view of shard i, re-read from its disk only after the disk's version moved (C1 asks after every event). */
    private ShardView view(int i) {
        Disk disk = sim.nodes().disk(MetaNode.NAME);
        if (disk.version() != viewsVersion) {
            viewsVersion = disk.version();
            for (int k = 0; k < keys.length; k++) {
                views[k] = disk.get(keys[k], ShardView.class).orElse(null);
            }
        }
        return views[i];
    }

    /** The shard on the node meta's view names as its leader, if open there, else null. */
    private DataNode.Shard openOnLeader(ShardView v) {
        DataNode leader = sim.nodes().node(v.leader(), DataNode.class);
        return leader == null ? null : leader.shard(v.shardId());
    }

    /** C1: no node counts a DDL its engine did not apply. */
    String everyStepBacked() {
        for (String name : nodes) {
            DataNode node = sim.nodes().node(name, DataNode.class);
            if (node == null) {
                continue;
            }
            for (DataNode.Shard s : node.openShards()) {
                int id = s.id();
                long steps = s.version() - s.openedVersion();
                long applied = node.engine().applied(id);
                if (steps > applied) {
                    return "shard " + id + " on " + name + " moved " + s.openedVersion() + " -> " + s.version()
                            + " since it was opened, but its engine applied " + applied + " create/drop(s) there";
                }
            }
        }
        return null;
    }

    /** C9: meta is never ahead of the leader; also times each lag the other way (converge-micros). */
    String metaNotAhead() {
        for (int i = 0; i < shardIds.length; i++) {
            ShardView v = view(i);
            if (v == null) {
                continue;
            }
            DataNode.Shard s = openOnLeader(v);
            trackLag(i, s != null && v.version() < s.version());
            if (s != null && v.version() > s.version()) {
                return "shard " + v.shardId() + ": meta version " + v.version() + " > leader " + v.leader()
                        + " version " + s.version();
            }
        }
        return null;
    }

    /** Records how long each lag of meta behind the leader lasted: the time to converge. */
    private void trackLag(int i, boolean lagging) {
        if (lagging && lagSince[i] < 0) {
            lagSince[i] = sim.now();
        } else if (!lagging && lagSince[i] >= 0) {
            sim.record().metrics().record("converge-micros", sim.now() - lagSince[i]);
            lagSince[i] = -1;
        }
    }

    /** C2, judged once at the end of the quiet window. Meta ahead of the leader is C9's, judged after every event. */
    public void judgeConverged() {
        MetaNode meta = sim.nodes().node(MetaNode.NAME, MetaNode.class);
        for (int i = 0; i < shardIds.length; i++) {
            ShardView v = view(i);
            String problem = null;
            DataNode.Shard s = v == null ? null : openOnLeader(v);
            if (meta == null) {
                problem = "meta is down";
            } else if (meta.busy(shardIds[i])) {
                problem = "a procedure is still running on shard " + shardIds[i];
            } else if (s == null) {
                problem = "shard " + shardIds[i] + " is not open on its leader " + (v == null ? "?" : v.leader());
            } else if (s.version() > v.version()) {
                problem = "shard " + v.shardId() + ": meta version " + v.version() + ", leader " + v.leader()
                        + " version " + s.version();
            }
            if (problem != null) {
                sim.checks().violation(C2, problem + " at the end of the quiet window");
                return;
            }
        }
        sim.record().note(Actor.CHECK, "C2 holds: every shard converged");
    }

    String probesSucceeded() {
        ClientDriver client = sim.nodes().node(ClientDriver.NAME, ClientDriver.class);
        for (int i = 0; i < shardIds.length; i++) {
            int id = shardIds[i];
            if (metaAhead(i)) {
                // C9 broke when meta went ahead (it is judged after every event); the probes here
                // fail with "Shard version mismatch" because of it.
                continue;
            }
            if (!client.probes().containsKey(id)) {
                return "no probe was sent to shard " + id;
            }
            String problem = probeProblem("CREATE TABLE", id, client.probes().get(id));
            if (problem == null) {
                problem = client.dropProbes().containsKey(id)
                        ? probeProblem("DROP TABLE", id, client.dropProbes().get(id))
                        : "no drop probe was sent to shard " + id;
            }
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private boolean metaAhead(int i) {
        ShardView v = view(i);
        DataNode.Shard s = v == null ? null : openOnLeader(v);
        return s != null && v.version() > s.version();
    }

    private static String probeProblem(String what, int shardId, String outcome) {
        if (outcome == null) {
            return "the probe " + what + " on shard " + shardId + " got no answer";
        }
        return outcome.isEmpty() ? null : "the probe " + what + " on shard " + shardId + " failed: " + outcome;
    }

    String droppedTablesGone() {
        ClientDriver client = sim.nodes().node(ClientDriver.NAME, ClientDriver.class);
        for (Map.Entry<String, Integer> e : client.dropped().entrySet()) {
            for (int i = 0; i < shardIds.length; i++) {
                ShardView v = view(i);
                if (shardIds[i] == e.getValue() && v != null && v.tables().contains(e.getKey())) {
                    return "table " + e.getKey() + ", which the client was told was dropped from shard " + e.getValue()
                            + ", is still in meta's view of shard " + shardIds[i];
                }
            }
        }
        return null;
    }

    String createdTablesExist() {
        ClientDriver client = sim.nodes().node(ClientDriver.NAME, ClientDriver.class);
        for (Map.Entry<String, Integer> e : client.created().entrySet()) {
            int shardId = e.getValue();
            ShardView v = sim.nodes()
                    .disk(MetaNode.NAME)
                    .get(ShardView.key(shardId), ShardView.class)
                    .orElse(null);
            DataNode.Shard s = v == null ? null : openOnLeader(v);
            if (s == null) {
                return "shard " + shardId + " holding created table " + e.getKey() + " is not open on its leader";
            }
            if (!sim.nodes()
                    .node(v.leader(), DataNode.class)
                    .engine()
                    .tables(shardId)
                    .contains(e.getKey())) {
                return "created table " + e.getKey() + " is not held by the engine of shard " + shardId
                        + " on its leader " + v.leader();
            }
        }
        return null;
    }

    /**
     * C5: tables on a shard's storage that meta's view of the shard does not list. Storage is shared
     * and durable, so an orphan outlives the reopen that leaves it unopened.
     */
    String noOrphanTables() {
        for (int i = 0; i < shardIds.length; i++) {
            ShardView v = view(i);
            if (v == null) {
                continue;
            }
            java.util.TreeSet<String> orphans = new java.util.TreeSet<>(storage.tables(v.shardId()));
            orphans.removeAll(v.tables());
            if (!orphans.isEmpty()) {
                return "shard " + v.shardId() + ": its storage holds " + orphans.size()
                        + " table(s) an engine created and meta never recorded, first " + orphans.first();
            }
        }
        return null;
    }
}
