package shardsim.scenarios.dropafterclone.plan;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.aim.ScenarioAim;
import shardsim.core.kind.Range;
import shardsim.scenarios.dropafterclone.model.Backend;

/**
 * The risky windows of drop-after-clone, named after Doris's agent task types (the subject is the
 * tablet id; the first node is the BE the task runs on):
 *
 * <ul>
 *   <li>{@value #CLONE}: a clone running on the BE, while the tablet is registered under clone
 *       (apache/doris 24f3f1db, {@code be/src/olap/task/engine_clone_task.cpp},
 *       {@code EngineCloneTask::execute}: {@code register_clone_tablet} .. {@code _do_clone} ..
 *       {@code unregister_clone_tablet}); the nodes are the BE, then the clone's source. The
 *       report's lost tablet is a clone that re-created the copy a DROP sent earlier then deleted.</li>
 *   <li>{@value #DROP}: a DROP in flight, announced by the FE: from the report handler's decision
 *       to drop a reported copy it cannot add back until the BE's finish of the DROP reaches the FE
 *       (incubator-doris fae3eff2, {@code fe/.../master/ReportHandler.java}
 *       {@code deleteFromBackend}, a {@code DropReplicaTask} in an agent batch ..
 *       {@code MasterImpl.finishTask}, {@code case DROP}); the node is the BE. This is where the
 *       report's DROP was, sent at .809 and run after the CLONE sent at .812.</li>
 * </ul>
 *
 * <p>The scenario's faults that fit them: a stall of the BE's DROP pool (applied on the BE at
 * once, so a DROP still on its way queues behind it and runs after a later CLONE) and a slow
 * agent RPC to the BE (the FE's next batch to it leaves late). Slow report handling is not aimed: it is one switch on the FE, and an aimed spell ending
 * inside a drawn one would end both.
 */
public final class DorisWindows {
    public static final String CLONE = "CLONE";
    public static final String DROP = "DROP";

    /** Every kind of window the model announces. */
    public static final List<String> KINDS = List.of(CLONE, DROP);

    private DorisWindows() {}

    /** How long an aimed stall holds a backend's DROP pool. */
    static final Range AIMED_STALL_MICROS = new Range(DorisConfig.SECOND / 10, 30 * DorisConfig.SECOND);
    /** How long an aimed slow agent RPC waits for its client. */
    static final Range AIMED_SLOW_RPC_MICROS = new Range(10_000, 5 * DorisConfig.SECOND);

    public static List<ScenarioAim> aims() {
        List<ScenarioAim> out = new ArrayList<>();
        for (String kind : KINDS) {
            out.add(ScenarioAim.of(
                    kind,
                    (w, r) ->
                            new DorisFault.StallPool(w.nodes().get(0), Backend.DROP_POOL, AIMED_STALL_MICROS.draw(r))));
            out.add(ScenarioAim.of(
                    kind, (w, r) -> new DorisFault.SlowAgentRpc(w.nodes().get(0), AIMED_SLOW_RPC_MICROS.draw(r))));
        }
        return out;
    }
}
