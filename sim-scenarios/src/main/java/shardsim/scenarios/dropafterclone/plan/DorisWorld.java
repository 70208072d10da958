package shardsim.scenarios.dropafterclone.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.run.World;
import shardsim.scenarios.dropafterclone.model.DorisCluster;

/**
 * Everything a run draws from its seed (or fixes, for {@code documented}) that is neither a fault
 * nor a workload operation: the cluster's shape and timings and the run's time line. A plan given
 * as data runs in the world of its base plan, so its faults and moves name the same backends and
 * tablets.
 *
 * @param config timings and limits
 * @param backends the BEs, in the order they are added
 * @param placement tablet id to the backends holding its initial replicas
 * @param reportPhaseMicros per backend, the offset of its report within the interval
 * @param faultWindowStartMicros no generated fault before this
 * @param tailStartMicros the quiet tail starts here: links reliable, no more moves or faults
 * @param endMicros the run ends here
 * @param firstReplicaId the FE's id generator starts here (the documented world's ids are the report's)
 * @param params the world's figures, recorded as run parameters in this order
 */
public record DorisWorld(
        DorisConfig config,
        List<String> backends,
        Map<Long, List<String>> placement,
        Map<String, Long> reportPhaseMicros,
        long faultWindowStartMicros,
        long tailStartMicros,
        long endMicros,
        long firstReplicaId,
        Map<String, Object> params)
        implements World {
    /** Where the generated worlds' replica ids start. */
    static final long FIRST_REPLICA_ID = 320600;

    public DorisWorld {
        backends = List.copyOf(backends);
        placement = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(placement));
        reportPhaseMicros = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(reportPhaseMicros));
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        if (!(faultWindowStartMicros < tailStartMicros && tailStartMicros < endMicros)) {
            throw new IllegalArgumentException("a world needs a fault window before its quiet tail");
        }
    }

    /**
     * The roles a rollout upgrades separately: the FE master ("fe") and the BEs ("be"), each a
     * process with its own code. Doris's upgrade guide (docs/admin-manual/cluster-management/upgrade.md,
     * apache/doris-website) upgrades the BEs one by one, then the FEs, with balance and the tablet
     * scheduler turned off for the whole rollout.
     */
    @Override
    public Map<String, List<String>> roles() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        out.put("be", backends);
        out.put("fe", List.of(DorisCluster.FE));
        return out;
    }

    /** Every node, in the order the cluster adds them: the FE first. */
    @Override
    public List<String> nodes() {
        List<String> out = new ArrayList<>();
        out.add(DorisCluster.FE);
        out.addAll(backends);
        return out;
    }
}
