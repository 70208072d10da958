package shardsim.scenarios.dropafterclone;

import java.util.List;
import shardsim.core.coverage.Abstraction;
import shardsim.core.coverage.Dimension;
import shardsim.core.coverage.StateSpace;
import shardsim.core.node.Disk;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.AgentProtocol.TaskType;

/**
 * drop-after-clone's abstraction of a tablet, for state coverage: the FE catalog's replicas (alive
 * NORMAL ones, bucketed, and whether a CLONE replica is being added), the copies on the BEs' disks
 * (bucketed), and the furthest a CLONE and a DROP agent task of the tablet have got: in an agent
 * batch still on the FE, submitted to a BE's task pool, and for a CLONE running there (the tablet
 * under clone). A DROP on a BE is split by whether the catalog places a replica of the tablet on that
 * BE: the report's loss is a DROP waiting there. It reads the FE's disk and the nodes from outside.
 */
final class TabletCoverage implements Abstraction {
    /** Replicas in state NORMAL and not bad: what Doris counts as alive. */
    static final Dimension NORMAL = Dimension.of("normal", "0", "1", "2+");
    /** Whether the catalog holds a replica in state CLONE: the TabletScheduler's move is in flight. */
    static final Dimension CLONE_REPLICA = Dimension.of("cloneReplica", "no", "yes");
    static final Dimension COPIES = Dimension.of("copies", "0", "1", "2+");
    static final Dimension CLONE_TASK = Dimension.of("cloneTask", "none", "in-batch", "submitted", "running");
    /** on-copy: the DROP waits on a BE the catalog places no replica on; on-replica: on one it does. */
    static final Dimension DROP_TASK = Dimension.of("dropTask", "none", "in-batch", "on-copy", "on-replica");
    static final StateSpace SPACE = StateSpace.of("tablet", NORMAL, CLONE_REPLICA, COPIES, CLONE_TASK, DROP_TASK);

    private static final int IN_BATCH = 1;
    private static final int SUBMITTED = 2;
    private static final int RUNNING = 3;
    private static final int ON_COPY = 2;
    private static final int ON_REPLICA = 3;

    private final Simulation sim;
    private final String[] backends;
    private final long[] tablets;
    private final String[] catalogKeys;
    private final String[] copyKeys;

    TabletCoverage(Simulation sim, List<String> backends, List<Long> tablets) {
        this.sim = sim;
        this.backends = backends.toArray(new String[0]);
        this.tablets = new long[tablets.size()];
        this.catalogKeys = new String[tablets.size()];
        this.copyKeys = new String[tablets.size()];
        for (int i = 0; i < this.tablets.length; i++) {
            this.tablets[i] = tablets.get(i);
            catalogKeys[i] = Catalog.key(this.tablets[i]);
            copyKeys[i] = TabletStore.key(this.tablets[i]);
        }
    }

    @Override
    public StateSpace space() {
        return SPACE;
    }

    @Override
    public void sample(Sink sink) {
        Disk feDisk = sim.disk(Cluster.FE);
        Frontend fe = sim.node(Cluster.FE, Frontend.class);
        for (int i = 0; i < tablets.length; i++) {
            TabletMeta meta = feDisk.get(catalogKeys[i], TabletMeta.class).orElse(null);
            if (meta == null) {
                continue;
            }
            long tablet = tablets[i];
            int alive = meta.aliveReplicas();
            boolean cloning = false;
            for (Replica r : meta.replicas()) {
                cloning |= r.state() == Replica.State.CLONE;
            }
            int copies = 0;
            int cloneTask = fe != null && fe.inAgentBatch(tablet, TaskType.CLONE) > 0 ? IN_BATCH : 0;
            int dropTask = fe != null && fe.inAgentBatch(tablet, TaskType.DROP) > 0 ? IN_BATCH : 0;
            for (String be : backends) {
                if (sim.disk(be).get(copyKeys[i], LocalTablet.class).isPresent()) {
                    copies++;
                }
                Backend node = sim.node(be, Backend.class);
                if (node == null) {
                    continue;
                }
                if (node.underClone(tablet)) {
                    cloneTask = RUNNING;
                } else if (node.registered(TaskType.CLONE, tablet)) {
                    cloneTask = Math.max(cloneTask, SUBMITTED);
                }
                if (node.registered(TaskType.DROP, tablet)) {
                    dropTask = Math.max(dropTask, meta.replicaOn(be) != null ? ON_REPLICA : ON_COPY);
                }
            }
            sink.state(tablet, SPACE.encode(Math.min(alive, 2), cloning ? 1 : 0, Math.min(copies, 2), cloneTask, dropTask));
        }
    }
}
