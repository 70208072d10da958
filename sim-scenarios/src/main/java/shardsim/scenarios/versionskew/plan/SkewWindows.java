package shardsim.scenarios.versionskew.plan;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.aim.ScenarioAim;

/**
 * The risky windows meta announces, one per procedure that changes a shard's version on a node,
 * named after the request meta dispatches (the subject is the shard id; the nodes are meta, then
 * the shard's node):
 *
 * <ul>
 *   <li>{@value #CREATE} and {@value #DROP}: a DDL in flight on the shard, from meta's dispatch
 *       of the request, which makes the node bump the shard version, until meta has stored the
 *       version the node returned or given up (incubator-horaedb-meta 81b8d68:
 *       {@code procedure/ddl/createtable/create_table.go:87} {@code ddl.CreateTableOnShard} ..
 *       {@code :96} {@code AddTableTopology}; {@code procedure/ddl/droptable/drop_table.go:105}
 *       {@code ddl.DropTableOnShard} .. {@code :113} {@code ClusterMetadata.DropTable}). The
 *       report's lost response falls in this window.</li>
 *   <li>{@value #OPEN}: an open of the shard on a node in flight (a transfer of leadership or a
 *       reopen; {@code procedure/operation/transferleader/transfer_leader.go:304}
 *       {@code Dispatch.OpenShard} in {@code openNewShardCallback}) until its answer or timeout.</li>
 * </ul>
 *
 * <p>The scenario's faults that fit them: a lost response of that request on the node, meta
 * crashing between the node's answer and the persist, and, for a DDL, a leader transfer of the
 * shard to another data node.
 */
public final class SkewWindows {
    public static final String CREATE = "CreateTableOnShard";
    public static final String DROP = "DropTableOnShard";
    public static final String OPEN = "OpenShard";

    /** Every kind of window the model announces. */
    public static final List<String> KINDS = List.of(CREATE, DROP, OPEN);

    private SkewWindows() {}

    public static List<ScenarioAim> aims(List<String> dataNodes) {
        List<ScenarioAim> out = new ArrayList<>();
        for (String kind : List.of(CREATE, DROP, OPEN)) {
            out.add(ScenarioAim.of(
                    kind, (w, r) -> new SkewFault.DropResponse(w.nodes().get(1), kind)));
            out.add(ScenarioAim.of(
                    kind,
                    (w, r) -> new SkewFault.MetaCrashBeforePersist(
                            SkewFault.MetaCrashBeforePersist.RESTART_AFTER_MICROS.draw(r))));
        }
        for (String kind : List.of(CREATE, DROP)) {
            out.add(ScenarioAim.of(kind, (w, r) -> new SkewFault.TransferLeader((int) w.subject(), r.pick(dataNodes))));
        }
        return out;
    }
}
