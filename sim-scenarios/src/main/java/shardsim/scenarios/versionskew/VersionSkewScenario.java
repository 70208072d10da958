package shardsim.scenarios.versionskew;

import java.util.List;
import shardsim.core.fault.Fault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Operation;

/**
 * version-skew: ceresmeta and a CeresDB / HoraeDB data node disagree on a shard's version after
 * one lost DDL response, and every later DDL on the shard fails with "Shard version mismatch".
 * Modes: {@code buggy} (meta decides the version), {@code fixed} (the node decides, runs the engine
 * first, and heartbeats repair a lag) and one ablation per part of the fix.
 */
public final class VersionSkewScenario implements Scenario {
    public static final String NAME = "version-skew";
    /** The built-in plans, each also a base world for custom plans. */
    static final List<String> PLANS = List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.SWARM);

    public VersionSkewScenario() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "CeresDB/HoraeDB meta and a data node disagree on a shard's version after one lost DDL response; later DDLs fail with Shard version mismatch";
    }

    @Override
    public String summary() {
        return "A data node ends up at shard version v+1 while ceresmeta stays at v, so every later DDL on that shard fails with \"Shard version mismatch\"; "
                + "the report shows only the failing request, and the documented plan's lost CreateTableOnShard response is a hypothesis (the story of ceresmeta #263). "
                + "The upstream fix lets the node decide: its engine acts first, then it bumps and returns its version; meta stores what the node returned "
                + "and adopts a higher version from a heartbeat of an unchanged registration.";
    }

    @Override
    public String upstream() {
        return "CeresDB (now Apache HoraeDB) issue \"Shard version mismatch\", reported by ZuLiangWang (ceresmeta log of 2023-07-19)";
    }

    @Override
    public List<shardsim.core.scenario.FidelityRow> fidelity() {
        return Fidelity.rows();
    }

    @Override
    public List<String> modes() {
        return FixParts.MODES;
    }

    @Override
    public List<Class<? extends Fault>> faultKinds() {
        return List.of(SkewFault.DropResponse.class, SkewFault.EngineFailure.class, SkewFault.MetaCrashBeforePersist.class, SkewFault.HeartbeatDelay.class,
                SkewFault.TransferLeader.class);
    }

    @Override
    public List<String> plans() {
        return PLANS;
    }

    @Override
    public List<Class<? extends Operation>> operationKinds() {
        return List.of(VersionSkewOperation.CreateTable.class, VersionSkewOperation.DropTable.class);
    }

    /**
     * The faults and client requests of {@code spec} as data. Meta's crash and restart that a
     * {@link SkewFault.MetaCrashBeforePersist} causes, and the {@link SkewFault.ResponseDropped}
     * marker, are not listed: they follow from faults the plan lists, and listing them too would
     * apply them twice.
     */
    @Override
    public CustomPlan planOf(RunSpec spec) {
        Plans.requirePlan(spec, plans());
        SkewPlan plan = SkewPlan.of(spec, PLANS);
        if (spec.isCustom()) {
            return spec.custom().withWorkload(plan.workload());
        }
        return plan.toCustom(NAME + "-" + spec.plan() + "-seed-" + spec.seed() + ".json");
    }

    @Override
    public List<String> invariants() {
        return VersionSkewChecks.INVARIANTS;
    }

    /** C5: the engine creates a table before the version check, and upstream never rolls it back. */
    @Override
    public List<String> residualGaps() {
        return List.of("C5");
    }

    @Override
    public WorldNames worldNames(RunSpec spec) {
        return SkewNames.of(spec, faultKinds());
    }

    @Override
    public RunResult run(RunSpec spec, Trace trace) {
        Plans.require("mode", spec.mode(), modes());
        Plans.requirePlan(spec, plans());
        return VersionSkewRun.build(spec, trace).finish();
    }
}
