package shardsim.scenarios.dropafterclone.checks;

import java.util.List;
import shardsim.core.check.SimView;
import shardsim.core.coverage.Abstraction;
import shardsim.core.coverage.Dimension;
import shardsim.core.coverage.StateSpace;
import shardsim.core.node.Disk;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskType;
import shardsim.scenarios.dropafterclone.model.Backend;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.LocalTablet;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;
import shardsim.scenarios.dropafterclone.model.TabletStore;

/**
 * drop-after-clone's abstraction of a tablet, for state coverage: the FE catalog's replicas (alive
 * NORMAL ones, bucketed, and whether a CLONE replica is being added), the copies on the BEs' disks
 * (bucketed), and the furthest a CLONE and a DROP agent task of the tablet have got: in an agent
 * batch still on the FE, submitted to a BE's task pool, and for a CLONE running there (the tablet
 * under clone). A DROP on a BE is split by whether the catalog places a replica of the tablet on that
 * BE: the report's loss is a DROP waiting there. It reads the FE's disk and the nodes from outside.
 */
public final class TabletCoverage implements Abstraction {
    /** Replicas in state NORMAL and not bad: what Doris counts as alive. */
    static final Dimension NORMAL = Dimension.of("normal", "0", "1", "2+");
    /** Whether the catalog holds a replica in state CLONE: the TabletScheduler's move is in flight. */
    static final Dimension CLONE_REPLICA = Dimension.of("cloneReplica", "no", "yes");

    static final Dimension COPIES = Dimension.of("copies", "0", "1", "2+");
    static final Dimension CLONE_TASK = Dimension.of("cloneTask", "none", "in-batch", "submitted", "running");
    /** on-copy: the DROP waits on a BE the catalog places no replica on; on-replica: on one it does. */
    static final Dimension DROP_TASK = Dimension.of("dropTask", "none", "in-batch", "on-copy", "on-replica");

    public static final StateSpace SPACE =
            StateSpace.of("tablet", NORMAL, CLONE_REPLICA, COPIES, CLONE_TASK, DROP_TASK);

    private static final int IN_BATCH = 1;
    private static final int SUBMITTED = 2;
    private static final int RUNNING = 3;
    private static final int ON_COPY = 2;
    private static final int ON_REPLICA = 3;

    private final SimView sim;
    private final String[] backends;
    private final long[] tablets;
    private final String[] catalogKeys;
    private final String[] copyKeys;
    // What the disks said when last read: they are re-read only after their version moved.
    private long feVersion = Long.MIN_VALUE;
    private final long[] beVersion;
    private final TabletMeta[] metas;
    private final int[] alive;
    private final boolean[] cloning;
    /** Per tablet, bit b set when backend b's disk holds a copy. */
    private final long[] copyMask;
    // What the FE and each BE held of each tablet's tasks when last read, and the instance and change count read.
    private Frontend seenFe;
    private long seenFeChanges;
    private final boolean[] feClone;
    private final boolean[] feDrop;
    private final Backend[] nodes;
    private final long[] seenTaskChanges;
    private final int[][] beClone;
    private final boolean[][] beDrop;
    private boolean sampled;

    public TabletCoverage(SimView sim, List<String> backends, List<Long> tablets) {
        if (backends.size() > Long.SIZE) {
            throw new IllegalArgumentException("at most " + Long.SIZE + " backends");
        }
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
        this.beVersion = new long[this.backends.length];
        java.util.Arrays.fill(beVersion, Long.MIN_VALUE);
        this.metas = new TabletMeta[this.tablets.length];
        this.alive = new int[this.tablets.length];
        this.cloning = new boolean[this.tablets.length];
        this.copyMask = new long[this.tablets.length];
        this.nodes = new Backend[this.backends.length];
        this.seenTaskChanges = new long[this.backends.length];
        this.feClone = new boolean[this.tablets.length];
        this.feDrop = new boolean[this.tablets.length];
        this.beClone = new int[this.backends.length][this.tablets.length];
        this.beDrop = new boolean[this.backends.length][this.tablets.length];
    }

    @Override
    public StateSpace space() {
        return SPACE;
    }

    @Override
    public void sample(Sink sink) {
        boolean changed = readDisks();
        changed |= readTasks();
        if (!changed && sampled) {
            // Every tablet is in the state it was last reported in: reporting it again adds nothing.
            return;
        }
        sampled = true;
        for (int i = 0; i < tablets.length; i++) {
            TabletMeta meta = metas[i];
            if (meta == null) {
                continue;
            }
            int cloneTask = feClone[i] ? IN_BATCH : 0;
            int dropTask = feDrop[i] ? IN_BATCH : 0;
            for (int b = 0; b < backends.length; b++) {
                cloneTask = Math.max(cloneTask, beClone[b][i]);
                if (beDrop[b][i]) {
                    dropTask = Math.max(dropTask, meta.replicaOn(backends[b]) != null ? ON_REPLICA : ON_COPY);
                }
            }
            int copies = Long.bitCount(copyMask[i]);
            sink.state(
                    tablets[i],
                    SPACE.encode(Math.min(alive[i], 2), cloning[i] ? 1 : 0, Math.min(copies, 2), cloneTask, dropTask));
        }
    }

    /**
     * The FE's batches and the BEs' tasks, re-read only from a process whose tasks changed (or that
     * restarted); true when any was re-read.
     */
    private boolean readTasks() {
        boolean changed = false;
        Frontend fe = sim.node(DorisCluster.FE, Frontend.class);
        long feChanges = fe == null ? 0 : fe.agentBatchChanges();
        if (fe != seenFe || feChanges != seenFeChanges) {
            changed = true;
            seenFe = fe;
            seenFeChanges = feChanges;
            for (int i = 0; i < tablets.length; i++) {
                feClone[i] = fe != null && fe.inAgentBatch(tablets[i], TaskType.CLONE) > 0;
                feDrop[i] = fe != null && fe.inAgentBatch(tablets[i], TaskType.DROP) > 0;
            }
        }
        for (int b = 0; b < backends.length; b++) {
            Backend node = sim.node(backends[b], Backend.class);
            long changes = node == null ? 0 : node.taskChanges();
            if (node == nodes[b] && changes == seenTaskChanges[b]) {
                continue;
            }
            changed = true;
            nodes[b] = node;
            seenTaskChanges[b] = changes;
            for (int i = 0; i < tablets.length; i++) {
                long tablet = tablets[i];
                beClone[b][i] = node == null
                        ? 0
                        : node.underClone(tablet) ? RUNNING : node.registered(TaskType.CLONE, tablet) ? SUBMITTED : 0;
                beDrop[b][i] = node != null && node.registered(TaskType.DROP, tablet);
            }
        }
        return changed;
    }

    /** The catalog and the BEs' copies, re-read only from a disk whose version moved; true when any was re-read. */
    private boolean readDisks() {
        boolean changed = false;
        Disk feDisk = sim.disk(DorisCluster.FE);
        if (feDisk.version() != feVersion) {
            changed = true;
            feVersion = feDisk.version();
            for (int i = 0; i < tablets.length; i++) {
                TabletMeta meta = feDisk.get(catalogKeys[i], TabletMeta.class).orElse(null);
                if (meta == metas[i]) {
                    continue;
                }
                metas[i] = meta;
                if (meta != null) {
                    alive[i] = meta.aliveReplicas();
                    boolean c = false;
                    for (Replica r : meta.replicas()) {
                        c |= r.state() == Replica.State.CLONE;
                    }
                    cloning[i] = c;
                }
            }
        }
        for (int b = 0; b < backends.length; b++) {
            Disk disk = sim.disk(backends[b]);
            if (disk.version() == beVersion[b]) {
                continue;
            }
            changed = true;
            beVersion[b] = disk.version();
            long bit = 1L << b;
            for (int i = 0; i < tablets.length; i++) {
                copyMask[i] =
                        disk.get(copyKeys[i], LocalTablet.class).isPresent() ? copyMask[i] | bit : copyMask[i] & ~bit;
            }
        }
        return changed;
    }
}
