package shardsim.scenarios.versionskew;

import shardsim.core.fault.FaultPlan;
import shardsim.core.workload.Workload;

/**
 * The report's timeline as data: node-1 loses the response to the first CreateTableOnShard it
 * applies, and the client sends three CREATE TABLEs on shard 46 (the lost one, one before the
 * first heartbeat, one after it).
 */
final class DocumentedScript {
    private DocumentedScript() {
    }

    static FaultPlan faults() {
        return FaultPlan.builder()
                .at(VersionSkewRun.DOC_FIRST_CREATE_MICROS - 500_000, new SkewFault.DropResponse("node-1", "CreateTableOnShard"))
                .at(VersionSkewRun.DOC_FIRST_CREATE_MICROS + 1_000_000, new SkewFault.DropResponseEnd("node-1"))
                .build();
    }

    static Workload workload() {
        int shard = VersionSkewRun.DOC_SHARD;
        String table = VersionSkewRun.DOC_TABLE;
        return Workload.builder()
                .at(VersionSkewRun.DOC_FIRST_CREATE_MICROS, new VersionSkewOperation.CreateTable(shard, table))
                .at(VersionSkewRun.DOC_SECOND_CREATE_MICROS, new VersionSkewOperation.CreateTable(shard, table + "_2"))
                .at(VersionSkewRun.DOC_THIRD_CREATE_MICROS, new VersionSkewOperation.CreateTable(shard, table + "_3"))
                .build();
    }
}
