package shardsim.scenarios.dropafterclone.checks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import shardsim.core.node.Disk;
import shardsim.core.node.Envelope;
import shardsim.core.sim.RunObserver;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.DropTask;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;

/**
 * D13's evidence, read from outside: each DROP the FE sent, keyed by backend, tablet and the replica
 * id it carries, with the run time of the event in which the FE decided it (when its agent batch was
 * submitted: the batch may leave much later), and the history of where the FE's catalog placed each
 * tablet. The FE numbers its batches as ghost state; this observer notes, after every event, the
 * run time of each batch submitted in it, so a skewed FE clock cannot misplace a decision (swarm
 * seed 50788 of drop-after-clone: the FE's clock ran ahead of the run's and a DROP decided for an
 * unplaced copy read as decided after the copy was taken back).
 * {@code ReportHandler.deleteFromBackend} decides a DROP only for a copy its catalog does not place
 * on the reporting BE; a DROP that deletes a copy the catalog references later is D13's case only
 * if every DROP of that key was decided while the catalog placed no replica of the tablet on that
 * backend, so a DROP decided for a placed replica (a model that drops what it references) stays a D1
 * break. Both are brought up to date after every event ({@link #refresh}, from D1), so they hold
 * every change of an earlier event.
 */
public final class SentDrops implements RunObserver {
    private final Simulation sim;
    private final Disk fe;
    private long seenVersion;
    /** Keys "tablet/backend" the catalog places now. */
    private TreeSet<String> placedNow;
    /** Per "tablet/backend", from when on (µs) the catalog placed a replica there (true) or none (false). */
    private final TreeMap<String, TreeMap<Long, Boolean>> history = new TreeMap<>();
    /** Per "backend/tablet/replicaId", when each DROP of that key the FE sent was decided. */
    private final TreeMap<String, List<Long>> decided = new TreeMap<>();
    /** The FE incarnation whose batches {@link #batchMicros} numbers; its batches die with it. */
    private Frontend batchesOf;
    /** Run time of the event in which the FE submitted each of its batches, by number (1, 2, ...). */
    private final List<Long> batchMicros = new ArrayList<>();

    /** Built when the checks are registered, before the run: the catalog of that moment is the history's start. */
    public SentDrops(Simulation sim) {
        this.sim = sim;
        this.fe = sim.nodes().disk(DorisCluster.FE);
        this.seenVersion = fe.version();
        this.placedNow = placements();
        for (String k : placedNow) {
            history.computeIfAbsent(k, x -> new TreeMap<>()).put(Long.MIN_VALUE, true);
        }
    }

    private TreeSet<String> placements() {
        TreeSet<String> out = new TreeSet<>();
        for (TabletMeta meta : Catalog.tablets(fe)) {
            for (Replica r : meta.replicas()) {
                out.add(meta.tabletId() + "/" + r.backend());
            }
        }
        return out;
    }

    /**
     * Records the batches the FE submitted and the catalog's placements if they changed in the event
     * just run. Cheap unless the FE submitted a batch or its disk moved.
     */
    public void refresh() {
        noteBatches();
        long v = fe.version();
        if (v == seenVersion) {
            return;
        }
        seenVersion = v;
        TreeSet<String> now = placements();
        long t = sim.now();
        for (String k : now) {
            if (!placedNow.contains(k)) {
                history.computeIfAbsent(k, x -> new TreeMap<>()).put(t, true);
            }
        }
        for (String k : placedNow) {
            if (!now.contains(k)) {
                history.computeIfAbsent(k, x -> new TreeMap<>()).put(t, false);
            }
        }
        placedNow = now;
    }

    private void noteBatches() {
        Frontend now = sim.nodes().node(DorisCluster.FE, Frontend.class);
        if (now != batchesOf) {
            batchesOf = now;
            batchMicros.clear();
        }
        if (now == null) {
            return;
        }
        for (long n = batchMicros.size(); n < now.submittedAgentBatches(); n++) {
            batchMicros.add(sim.now());
        }
    }

    @Override
    public void sent(Envelope env) {
        if (!(env.message() instanceof DropTask d) || !DorisCluster.FE.equals(env.from())) {
            return;
        }
        noteBatches();
        long batch = batchesOf == null ? Frontend.NO_BATCH_LEAVING : batchesOf.leavingAgentBatch();
        // A DROP not sent from an agent batch (none in the model) counts as decided when it leaves.
        long decidedMicros = batch == Frontend.NO_BATCH_LEAVING ? sim.now() : batchMicros.get((int) batch - 1);
        decided.computeIfAbsent(env.to() + "/" + d.tabletId() + "/" + d.replicaId(), k -> new ArrayList<>())
                .add(decidedMicros);
    }

    /** Whether the catalog placed a replica of {@code tabletId} on {@code backend} at {@code micros}. */
    private boolean placedAt(long tabletId, String backend, long micros) {
        TreeMap<Long, Boolean> h = history.get(tabletId + "/" + backend);
        Map.Entry<Long, Boolean> e = h == null ? null : h.floorEntry(micros);
        return e != null && e.getValue();
    }

    /**
     * Whether the FE sent {@code backend} a DROP of {@code tabletId} carrying {@code replicaId}, and
     * decided each such DROP while its catalog placed no replica of the tablet there.
     */
    public boolean onlyDecidedWhileUnplaced(String backend, long tabletId, long replicaId) {
        List<Long> times = decided.get(backend + "/" + tabletId + "/" + replicaId);
        if (times == null) {
            return false;
        }
        for (long t : times) {
            if (placedAt(tabletId, backend, t)) {
                return false;
            }
        }
        return true;
    }
}
