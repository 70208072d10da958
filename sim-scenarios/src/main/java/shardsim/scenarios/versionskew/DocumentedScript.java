package shardsim.scenarios.versionskew;

import shardsim.core.fault.FaultPlan;
import shardsim.core.workload.Workload;

/**
 * The documented plan as data. The report gives only the failing request (a CreateTableOnShard for
 * {@code MMM_..._TABLE} on shard 46 with curr 1111 / prev 1110, refused by a node already at 1111),
 * not a timeline; how the node got ahead is a hypothesis, the lost response that ceresmeta #263
 * describes. So: node-1 loses the response to a first, unnamed create it applies; the report's
 * create fails with the report's error; a later create shows whether meta repaired.
 */
final class DocumentedScript {
    private DocumentedScript() {
    }

    static FaultPlan faults() {
        return FaultPlan.builder()
                .lasting(VersionSkewRun.DOC_FIRST_CREATE_MICROS - 500_000, VersionSkewRun.DOC_FIRST_CREATE_MICROS + 1_000_000,
                        new SkewFault.DropResponse("node-1", "CreateTableOnShard"))
                .build();
    }

    static Workload workload() {
        int shard = VersionSkewRun.DOC_SHARD;
        return Workload.builder()
                .at(VersionSkewRun.DOC_FIRST_CREATE_MICROS, new VersionSkewOperation.CreateTable(shard, VersionSkewRun.DOC_LOST_TABLE))
                .at(VersionSkewRun.DOC_SECOND_CREATE_MICROS, new VersionSkewOperation.CreateTable(shard, VersionSkewRun.DOC_TABLE))
                .at(VersionSkewRun.DOC_THIRD_CREATE_MICROS, new VersionSkewOperation.CreateTable(shard, VersionSkewRun.DOC_LATER_TABLE))
                .build();
    }
}
