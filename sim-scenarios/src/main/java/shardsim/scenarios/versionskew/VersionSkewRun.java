package shardsim.scenarios.versionskew;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.FaultPlanGenerator;
import shardsim.core.net.LinkPolicy;
import shardsim.core.random.SimRandom;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.sim.RunBudget;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;

/**
 * One run of the scenario, built as a story: the cluster, the checks, the fault plan, the client
 * workload during the fault window, then a quiet tail (no faults, no loss) long enough for C2 and
 * C3. Tests drive it step by step; the scenario runs it to the end.
 */
public final class VersionSkewRun {
    /** The documented plan's shard, version and table, from the report. */
    public static final int DOC_SHARD = 46;
    public static final long DOC_VERSION = 1110;
    public static final String DOC_TABLE = "MMM_2198193666_INFLUENCE_PRE_SANDBOX_OUTPUT_TABLE";
    /** When the documented plan's first create (whose response is lost) is sent. */
    public static final long DOC_FIRST_CREATE_MICROS = 1_000_000;
    /** After meta's 3 s timeout, before the first heartbeat: fails with the mismatch in every mode. */
    public static final long DOC_SECOND_CREATE_MICROS = 4_500_000;
    public static final long DOC_FIRST_HEARTBEAT_MICROS = 5_000_000;
    public static final long DOC_THIRD_CREATE_MICROS = 12_000_000;
    private static final long DOC_TAIL_MICROS = 20_000_000;
    private static final long RANDOM_TAIL_MICROS = 40_000_000;

    private final RunSpec spec;
    private final Simulation sim;
    private final Timing timing;
    private final Layout layout;
    private final long tailStartMicros;
    private final long endMicros;

    private VersionSkewRun(RunSpec spec, Trace trace) {
        this.spec = spec;
        FixParts fix = FixParts.forMode(spec.mode());
        boolean documented = Plans.DOCUMENTED.equals(spec.plan());
        SimRandom root = new SimRandom(spec.seed());
        ChaosProfile chaos = documented ? null : spec.isCustom() ? ChaosProfile.of(spec.custom()) : ChaosProfile.forPlan(spec.plan(), root.fork("chaos"));
        LinkPolicy link = documented ? LinkPolicy.reliable() : chaos.link();
        this.timing = Timing.of(link.delay().maxMicros());
        this.tailStartMicros = documented ? DOC_TAIL_MICROS : RANDOM_TAIL_MICROS;
        this.endMicros = tailStartMicros + timing.convergeMicros() + timing.clientTimeoutMicros() + 1_000_000;
        SimConfig config = SimConfig.defaults()
                .withBudget(RunBudget.of(400_000, endMicros + 60_000_000))
                .withDefaultLink(link)
                .withStopOnFirstViolation(false);
        this.sim = new Simulation(spec.seed(), config, trace);
        sim.param("mode", spec.mode());
        sim.param("plan", spec.plan());
        sim.param("fix", fix);
        if (chaos != null) {
            chaos.recordParams(sim);
        }
        this.layout = documented ? documentedLayout() : randomLayout(sim.random().fork("layout"));
        sim.param("layout", layout);
        sim.param("heartbeatMicros", timing.heartbeatMicros());
        sim.param("convergeMicros", timing.convergeMicros());

        FaultSwitches switches = new FaultSwitches(sim);
        sim.onFault(switches::apply);
        NodeSetup setup = new NodeSetup(fix, switches, timing);
        sim.addNode(MetaNode.NAME, ctx -> new MetaNode(ctx, setup, layout.shards()));
        for (String node : layout.dataNodes()) {
            List<ShardView> mine = layout.ledBy(node);
            long firstBeat = documented ? DOC_FIRST_HEARTBEAT_MICROS : -1;
            sim.addNode(node, ctx -> new DataNode(ctx, setup, mine, firstBeat));
        }
        sim.addNode(ClientDriver.NAME, ctx -> new ClientDriver(ctx, sim.metrics(), timing), false);

        VersionSkewChecks checks = new VersionSkewChecks(sim, layout.shardIds());
        checks.register();

        if (documented) {
            scriptDocumented();
        } else {
            List<String> crashable = new ArrayList<>();
            crashable.add(MetaNode.NAME);
            crashable.addAll(layout.dataNodes());
            if (spec.isCustom()) {
                sim.param("customFaults", spec.custom().faults().size());
                sim.inject(spec.custom().faults());
            } else {
                FaultPlan kernel = FaultPlanGenerator.generate(sim.random().fork("faults"), sim.nodeNames(), crashable,
                        1_000_000, tailStartMicros, chaos.faults());
                FaultPlan own = SkewFaultPlan.generate(sim, sim.random().fork("skew-faults"), layout, tailStartMicros, Plans.SWARM.equals(spec.plan()));
                sim.param("kernelFaults", kernel.size());
                sim.param("scenarioFaults", own.size());
                sim.inject(kernel.merge(own));
            }
            Workload.schedule(sim, sim.random().fork("workload"), layout, tailStartMicros, Plans.SWARM.equals(spec.plan()));
        }
        // The quiet tail: links keep their delays but stop losing and duplicating messages, so C2's
        // "one heartbeat period plus delivery" and C3's single probe are meaningful.
        sim.at(tailStartMicros, "quiet tail: faults over, no loss or duplication", () ->
                sim.network().setDefaultPolicy(sim.network().defaultPolicy().withLoss(0).withDuplication(0)));
        long judgeAt = tailStartMicros + timing.convergeMicros();
        sim.at(judgeAt, "judge C2", checks::judgeConverged);
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

    private static Layout documentedLayout() {
        List<ShardView> shards = List.of(
                new ShardView(DOC_SHARD, DOC_VERSION, List.of(), "node-1", 1),
                new ShardView(47, 1204, List.of(), "node-2", 1));
        return new Layout(List.of("node-1", "node-2"), shards);
    }

    private static Layout randomLayout(SimRandom r) {
        int nodes = (int) r.between(2, 3);
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            names.add("node-" + i);
        }
        int count = (int) r.between(2, 5);
        int base = (int) r.between(1, 120);
        List<ShardView> shards = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            shards.add(new ShardView(base + i, r.between(1, 5_000), List.of(), r.pick(names), 1));
        }
        return new Layout(names, shards);
    }

    /** The report's timeline: the first create's response is lost after node-1 applied it. */
    private void scriptDocumented() {
        sim.injectAt(DOC_FIRST_CREATE_MICROS - 500_000, new SkewFault.DropResponse("node-1", "CreateTableOnShard"));
        sim.injectAt(DOC_FIRST_CREATE_MICROS + 1_000_000, new SkewFault.DropResponseEnd("node-1"));
        sim.at(DOC_FIRST_CREATE_MICROS, "client CREATE TABLE " + DOC_TABLE, () ->
                sim.node(ClientDriver.NAME, ClientDriver.class).create(DOC_SHARD, DOC_TABLE));
        sim.at(DOC_SECOND_CREATE_MICROS, "client CREATE TABLE " + DOC_TABLE + "_2", () ->
                sim.node(ClientDriver.NAME, ClientDriver.class).create(DOC_SHARD, DOC_TABLE + "_2"));
        sim.at(DOC_THIRD_CREATE_MICROS, "client CREATE TABLE " + DOC_TABLE + "_3", () ->
                sim.node(ClientDriver.NAME, ClientDriver.class).create(DOC_SHARD, DOC_TABLE + "_3"));
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
