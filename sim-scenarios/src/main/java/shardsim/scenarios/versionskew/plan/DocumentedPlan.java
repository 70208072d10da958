package shardsim.scenarios.versionskew.plan;

import shardsim.core.fault.FaultPlan;
import shardsim.core.net.LinkPolicy;
import shardsim.core.run.Script;
import shardsim.core.workload.Workload;

/**
 * The documented plan as data. The report gives only the failing request (a CreateTableOnShard for
 * {@code MMM_..._TABLE} on shard 46 with curr 1111 / prev 1110, refused by a node already at 1111),
 * not a timeline; how the node got ahead is a hypothesis, the lost response that ceresmeta #263
 * describes. So: node-1 loses the response to a first, unnamed create it applies; the report's
 * create fails with the report's error; a later create shows whether meta repaired.
 */
public final class DocumentedPlan {
    /** The documented plan's shard and version, from the report. */
    public static final int DOC_SHARD = 46;

    public static final long DOC_VERSION = 1110;
    /** The report's failing request: the documented plan gives it to the create that fails, as the report does. */
    public static final String DOC_TABLE = "MMM_2198193666_INFLUENCE_PRE_SANDBOX_OUTPUT_TABLE";
    /** The hypothesis (#263): an earlier create whose response was lost. The report does not name it. */
    public static final String DOC_LOST_TABLE = "HYPOTHESIS_LOST_RESPONSE_TABLE";
    /** A create after meta had time to repair (fixed) or not (buggy). */
    public static final String DOC_LATER_TABLE = "LATER_TABLE";
    /** When the documented plan's first create (whose response is lost) is sent. */
    public static final long DOC_FIRST_CREATE_MICROS = 1_000_000;
    /** After meta's 3 s timeout, before any heartbeat: the report's request, which fails with the mismatch in every mode. */
    static final long DOC_SECOND_CREATE_MICROS = 4_500_000;

    public static final long DOC_FIRST_HEARTBEAT_MICROS = 5_000_000;
    /** After the second heartbeat (11.67 s), the first one meta may repair from: the first only registers the node. */
    static final long DOC_THIRD_CREATE_MICROS = 12_000_000;

    private DocumentedPlan() {}

    /** The report's timeline on a reliable link. */
    public static Script script() {
        return new Script(LinkPolicy.reliable(), faults(), workload());
    }

    static FaultPlan faults() {
        return FaultPlan.builder()
                .lasting(
                        DOC_FIRST_CREATE_MICROS - 500_000,
                        DOC_FIRST_CREATE_MICROS + 1_000_000,
                        new SkewFault.DropResponse("node-1", "CreateTableOnShard"))
                .build();
    }

    static Workload workload() {
        return Workload.builder()
                .at(DOC_FIRST_CREATE_MICROS, new SkewOperation.CreateTable(DOC_SHARD, DOC_LOST_TABLE))
                .at(DOC_SECOND_CREATE_MICROS, new SkewOperation.CreateTable(DOC_SHARD, DOC_TABLE))
                .at(DOC_THIRD_CREATE_MICROS, new SkewOperation.CreateTable(DOC_SHARD, DOC_LATER_TABLE))
                .build();
    }
}
