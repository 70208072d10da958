package shardsim.scenarios.versionskew.checks;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Micros;
import shardsim.scenarios.versionskew.model.ClientDriver;
import shardsim.scenarios.versionskew.model.DataNode;
import shardsim.scenarios.versionskew.model.MetaNode;
import shardsim.scenarios.versionskew.model.ProcedureQueue;
import shardsim.scenarios.versionskew.model.ShardView;
import shardsim.scenarios.versionskew.model.Timing;

/**
 * C6, availability: a client DDL sent to a settled cluster succeeds. Run after every event, it
 * reads only from outside: the kernel's faults in force and its count of lost messages, meta's
 * disk and procedure table, the leader's shard, and the {@link ClientDriver}'s log of DDLs sent
 * and answered.
 *
 * <p>A DDL is judged when it is a first send (a client's retry depends on what its earlier attempt
 * left, which C5 judges) and, at the moment it is sent: no fault is in force and none started,
 * ended or struck (a leader transfer) and no message was lost for {@link Timing#settleMicros()};
 * meta is up and no procedure holds or waits for the shard; the shard is open on the leader
 * meta's view names, at a version not below meta's (meta ahead of the leader is C9's, which has
 * broken by then: it is judged after every event); and the run's links deliver within the timeouts
 * ({@link Timing#deliveryWithinTimeouts()}). It must then succeed unless a fault starts or a
 * message is lost before its answer. DDLs still unanswered at the end are not judged.
 *
 * <p>Why those exclusions: meta serialises procedures per shard (a {@code procedureShardLock} in
 * server/coordinator/procedure/manager_impl.go at incubator-horaedb-meta 81b8d68; a second
 * procedure waits in {@code waitingProcedures} and is dropped unanswered if the first moved the
 * shard's version, {@link ProcedureQueue}), so a DDL racing another procedure is not judged. Any
 * lost message may be a DDL's lost answer, which leaves meta behind its leader until the heartbeat
 * repair ({@code RegisterNode} at 81b8d68) catches up; the settle time is the bound C2 uses for
 * that. A duplicated message is no disturbance: every process hands a request to its handler
 * once ({@link shardsim.core.blocks.RequestInbox}), as gRPC does.
 */
final class DdlAvailability {
    private final Simulation sim;
    private final long settleMicros;
    private final boolean deliveryFits;
    /** Messages lost so far. */
    private long anomalies;
    /** When a fault was last in force, started, ended or struck, or a message was last lost. */
    private long lastDisturbedMicros;

    private int answersSeen;
    /** Per DDL sent, whether C6 judges it. */
    private final List<Boolean> judged = new ArrayList<>();

    DdlAvailability(Simulation sim, Timing timing) {
        this.sim = sim;
        this.settleMicros = timing.settleMicros();
        this.deliveryFits = timing.deliveryWithinTimeouts();
    }

    /** The per-event check: null while every judged DDL answered so far succeeded. */
    String check() {
        observeDisturbance();
        ClientDriver client = sim.nodes().node(ClientDriver.NAME, ClientDriver.class);
        if (client == null) {
            return null;
        }
        List<ClientDriver.DdlSent> sent = client.sent();
        for (int i = judged.size(); i < sent.size(); i++) {
            judged.add(sent.get(i).attempt() == 0 && settledFor(sent.get(i).shardId()));
        }
        List<ClientDriver.DdlAnswer> answers = client.answers();
        String problem = null;
        for (; answersSeen < answers.size(); answersSeen++) {
            ClientDriver.DdlAnswer a = answers.get(answersSeen);
            ClientDriver.DdlSent s = sent.get(a.seq());
            if (problem == null
                    && judged.get(a.seq())
                    && !a.error().isEmpty()
                    && lastDisturbedMicros < s.sentMicros()) {
                problem = s.what() + " on shard " + s.shardId() + ", sent at " + Micros.format(s.sentMicros())
                        + " to a settled cluster (no fault or lost message for at least " + Micros.format(settleMicros)
                        + ", the shard open on its leader, no procedure on it), failed: " + a.error();
            }
        }
        return problem;
    }

    private void observeDisturbance() {
        long now = sim.now();
        if (sim.faults().active() > 0) {
            lastDisturbedMicros = now;
        } else {
            lastDisturbedMicros = Math.max(lastDisturbedMicros, sim.faults().quietSinceMicros());
        }
        long d = sim.network().dropped();
        if (d != anomalies) {
            anomalies = d;
            lastDisturbedMicros = now;
        }
    }

    private boolean settledFor(int shardId) {
        if (!deliveryFits || sim.faults().active() > 0 || sim.now() - lastDisturbedMicros < settleMicros) {
            return false;
        }
        MetaNode meta = sim.nodes().node(MetaNode.NAME, MetaNode.class);
        if (meta == null || meta.busy(shardId)) {
            return false;
        }
        ShardView v = sim.nodes()
                .disk(MetaNode.NAME)
                .get(ShardView.key(shardId), ShardView.class)
                .orElse(null);
        if (v == null) {
            return false;
        }
        DataNode leader = sim.nodes().node(v.leader(), DataNode.class);
        DataNode.Shard s = leader == null ? null : leader.shard(shardId);
        return s != null && s.version() >= v.version();
    }
}
