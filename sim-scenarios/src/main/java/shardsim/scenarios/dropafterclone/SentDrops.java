package shardsim.scenarios.dropafterclone;

import java.util.TreeSet;
import shardsim.core.node.Envelope;
import shardsim.core.sim.RunObserver;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.AgentProtocol.DropTask;

/**
 * D13's evidence, read from outside: each DROP the FE sent, keyed by backend, tablet and the replica
 * id it carries, and whether the FE's catalog placed a replica of that tablet on that backend when
 * the DROP left. {@code ReportHandler.deleteFromBackend} decides a DROP only for a copy its catalog
 * does not place on the reporting BE; a DROP that deletes a copy the catalog references later is
 * D13's case only if every DROP of that key left while the catalog placed none there, so a DROP
 * sent for a placed replica (a model that drops what it references) stays a D1 break.
 */
final class SentDrops implements RunObserver {
    private final Simulation sim;
    /** Keys ("backend/tablet/replicaId") of DROPs that left while the catalog placed no replica of the tablet on the backend. */
    private final TreeSet<String> unplaced = new TreeSet<>();
    /** Keys of DROPs that left while the catalog placed a replica of the tablet on the backend. */
    private final TreeSet<String> placed = new TreeSet<>();

    SentDrops(Simulation sim) {
        this.sim = sim;
    }

    private static String key(String backend, long tabletId, long replicaId) {
        return backend + "/" + tabletId + "/" + replicaId;
    }

    @Override
    public void sent(Envelope env) {
        if (!(env.message() instanceof DropTask d) || !Cluster.FE.equals(env.from())) {
            return;
        }
        TabletMeta meta = Catalog.tablet(sim.disk(Cluster.FE), d.tabletId());
        boolean isPlaced = meta != null && meta.replicaOn(env.to()) != null;
        (isPlaced ? placed : unplaced).add(key(env.to(), d.tabletId(), d.replicaId()));
    }

    /**
     * Whether the FE sent {@code backend} a DROP of {@code tabletId} carrying {@code replicaId}, and
     * each such DROP left while its catalog placed no replica of the tablet there.
     */
    boolean onlyWhileUnplaced(String backend, long tabletId, long replicaId) {
        String k = key(backend, tabletId, replicaId);
        return unplaced.contains(k) && !placed.contains(k);
    }
}
