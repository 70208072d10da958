package shardsim.scenarios.dropafterclone.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The FE catalog's entry for one tablet: its replicas and the partition's replication number.
 * Immutable, so it can sit on a simulated disk.
 */
public record TabletMeta(long tabletId, int replicationNum, List<Replica> replicas) {
    public TabletMeta {
        replicas = List.copyOf(replicas);
        if (replicationNum < 1) {
            throw new IllegalArgumentException("replication number must be positive");
        }
    }

    /** Replicas that are NORMAL and not bad. */
    public int aliveReplicas() {
        int n = 0;
        for (Replica r : replicas) {
            n += r.alive() ? 1 : 0;
        }
        return n;
    }

    /** The replica the catalog places on {@code backend}, or null. */
    public Replica replicaOn(String backend) {
        for (Replica r : replicas) {
            if (r.backend().equals(backend)) {
                return r;
            }
        }
        return null;
    }

    public Replica replica(long replicaId) {
        for (Replica r : replicas) {
            if (r.replicaId() == replicaId) {
                return r;
            }
        }
        return null;
    }

    public TabletMeta with(Replica added) {
        List<Replica> out = new ArrayList<>(replicas);
        out.add(added);
        return new TabletMeta(tabletId, replicationNum, out);
    }

    public TabletMeta without(long replicaId) {
        List<Replica> out = new ArrayList<>(replicas.size());
        for (Replica r : replicas) {
            if (r.replicaId() != replicaId) {
                out.add(r);
            }
        }
        return new TabletMeta(tabletId, replicationNum, out);
    }

    public TabletMeta replaced(Replica changed) {
        List<Replica> out = new ArrayList<>(replicas.size());
        for (Replica r : replicas) {
            out.add(r.replicaId() == changed.replicaId() ? changed : r);
        }
        return new TabletMeta(tabletId, replicationNum, out);
    }
}
