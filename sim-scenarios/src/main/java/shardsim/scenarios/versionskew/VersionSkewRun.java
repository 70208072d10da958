package shardsim.scenarios.versionskew;

import java.util.List;
import java.util.Map;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.sim.RunBudget;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Operation;

/**
 * One run of the scenario, built as a story: the world of its plan, the checks, the plan's faults
 * and client requests during the fault window, then a quiet tail (no faults, no loss) long enough
 * for C2 and C3. Tests drive it step by step; the scenario runs it to the end.
 */
public final class VersionSkewRun {
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
    public static final long DOC_SECOND_CREATE_MICROS = 4_500_000;
    public static final long DOC_FIRST_HEARTBEAT_MICROS = 5_000_000;
    /** After the second heartbeat (11.67 s), the first one meta may repair from: the first only registers the node. */
    public static final long DOC_THIRD_CREATE_MICROS = 12_000_000;

    private final RunSpec spec;
    private final Simulation sim;
    private final Timing timing;
    private final Layout layout;
    private final long tailStartMicros;
    private final long endMicros;

    private VersionSkewRun(RunSpec spec, Trace trace) {
        this.spec = spec;
        FixParts fix = FixParts.forMode(spec.mode());
        SkewPlan plan = SkewPlan.of(spec, VersionSkewScenario.PLANS);
        World world = plan.world();
        this.timing = Timing.of(plan.link().delay().maxMicros());
        this.tailStartMicros = world.tailStartMicros();
        this.endMicros = tailStartMicros + timing.convergeMicros() + timing.clientTimeoutMicros() + 1_000_000;
        SimConfig config = SimConfig.defaults()
                .withBudget(RunBudget.of(400_000, endMicros + 60_000_000))
                .withDefaultLink(plan.link())
                .withStopOnFirstViolation(false);
        this.sim = new Simulation(spec.seed(), config, trace);
        sim.param("mode", spec.mode());
        sim.param("plan", spec.plan());
        sim.param("fix", fix);
        if (plan.chaos() != null) {
            plan.chaos().recordParams(sim);
        }
        this.layout = world.layout();
        sim.param("layout", layout);
        sim.param("heartbeatMicros", timing.heartbeatMicros());
        sim.param("convergeMicros", timing.convergeMicros());

        FaultSwitches switches = new FaultSwitches(sim);
        sim.onFault(switches::apply);
        NodeSetup setup = new NodeSetup(fix, switches, timing);
        sim.addNode(MetaNode.NAME, ctx -> new MetaNode(ctx, setup, layout.shards()));
        for (String node : layout.dataNodes()) {
            List<ShardView> mine = layout.ledBy(node);
            sim.addNode(node, ctx -> new DataNode(ctx, setup, mine, world.firstHeartbeatMicros()));
        }
        sim.addNode(ClientDriver.NAME, ctx -> new ClientDriver(ctx, sim.metrics(), timing), false);

        VersionSkewChecks checks = new VersionSkewChecks(sim, layout.dataNodes(), layout.shardIds());
        checks.register();

        for (Map.Entry<String, Object> p : plan.params().entrySet()) {
            sim.param(p.getKey(), p.getValue());
        }
        sim.inject(plan.faults());
        sim.perform(plan.workload(), this::perform);
        // The quiet tail: links keep their delays but stop losing and duplicating messages, so C2's
        // "three heartbeat periods plus delivery" and C3's single probe are meaningful. The judge and
        // the probes are checks, not workload: a plan cannot drop them.
        sim.at(tailStartMicros, "quiet tail: faults over, no loss or duplication", () ->
                sim.network().setDefaultPolicy(sim.network().defaultPolicy().withLoss(0).withDuplication(0)));
        long judgeAt = tailStartMicros + timing.convergeMicros();
        sim.checkAt(judgeAt, "judge C2", checks::judgeConverged);
        sim.at(judgeAt, "C3 probes", () -> {
            ClientDriver client = sim.node(ClientDriver.NAME, ClientDriver.class);
            for (int id : layout.shardIds()) {
                client.probe(id);
            }
        });
    }

    public static VersionSkewRun build(RunSpec spec, Trace trace) {
        return new VersionSkewRun(spec, trace);
    }

    /** Performs one client request; one on a shard this world does not have is skipped. */
    private void perform(Operation operation) {
        if (!(operation instanceof VersionSkewOperation op)) {
            throw new IllegalStateException("unknown operation for version-skew: " + operation);
        }
        if (!layout.shardIds().contains(op.shardId())) {
            sim.note(ClientDriver.NAME, "skipped " + op + ": shard " + op.shardId() + " does not exist in this world");
            return;
        }
        ClientDriver client = sim.node(ClientDriver.NAME, ClientDriver.class);
        if (op instanceof VersionSkewOperation.CreateTable c) {
            client.create(c.shardId(), c.table());
        } else if (op instanceof VersionSkewOperation.DropTable d) {
            client.drop(d.shardId(), d.table());
        } else {
            throw new IllegalStateException("unknown operation for version-skew: " + operation);
        }
    }

    public Simulation sim() {
        return sim;
    }

    public Timing timing() {
        return timing;
    }

    public Layout layout() {
        return layout;
    }

    public long tailStartMicros() {
        return tailStartMicros;
    }

    public long endMicros() {
        return endMicros;
    }

    /** Meta's durable version of a shard. */
    public long metaVersion(int shardId) {
        return sim.disk(MetaNode.NAME).get(ShardView.key(shardId), ShardView.class).orElseThrow().version();
    }

    /** The version of the shard on the node meta names as leader, or -1 if it is not open there. */
    public long leaderVersion(int shardId) {
        ShardView v = sim.disk(MetaNode.NAME).get(ShardView.key(shardId), ShardView.class).orElseThrow();
        DataNode node = sim.node(v.leader(), DataNode.class);
        DataNode.Shard s = node == null ? null : node.shard(shardId);
        return s == null ? -1 : s.version();
    }

    public RunResult finish() {
        sim.runUntil(endMicros);
        sim.finish();
        return RunResult.of(spec, sim);
    }
}
