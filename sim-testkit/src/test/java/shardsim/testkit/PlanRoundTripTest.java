package shardsim.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanJson;
import shardsim.core.scenario.PlanKinds;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Trace;
import shardsim.core.workload.Workload;
import shardsim.testkit.fixture.TallyScenario;

/** The plan-file round trip over the fixture: every built-in plan, a shrunk plan, and every kernel fault kind, link policies included. */
class PlanRoundTripTest {
    private static final long S = TallyScenario.SECOND;
    private final TallyScenario tally = new TallyScenario();

    @Test
    void everyBuiltInPlanAndAShrunkOneRoundTrip() {
        List<String> differences = new ArrayList<>();
        int plans = 0;
        for (String mode : tally.modes()) {
            for (String plan : tally.plans()) {
                for (long seed = 0; seed < 10; seed++) {
                    PlanRoundTrip.difference(tally, new RunSpec(tally.name(), mode, plan, seed))
                            .ifPresent(differences::add);
                    plans++;
                }
            }
        }
        CustomPlan shrunk = PlanRoundTrip.shrunk(
                        tally, new RunSpec(tally.name(), Plans.BUGGY, Plans.DOCUMENTED, 0), 200)
                .orElseThrow();
        assertTrue(shrunk.operationCount() < 3, "shrunk: " + shrunk);
        PlanRoundTrip.difference(tally, Plans.BUGGY, shrunk, 0).ifPresent(differences::add);
        assertEquals(List.of(), differences, differences.size() + " of " + (plans + 1) + " plans differ");
        assertEquals(List.of(), PlanRoundTrip.kindProblems(tally));
    }

    /** Every record the kernel's sealed fault interfaces permit has a plan-file form: a new kernel kind cannot be forgotten. */
    @Test
    void everyKernelKindIsInThePlanKinds() {
        List<Class<?>> permitted = new ArrayList<>();
        collect(NetFault.class, permitted);
        collect(NodeFault.class, permitted);
        for (Class<?> k : permitted) {
            assertTrue(PlanKinds.KERNEL.contains(k), k + " has no plan-file form");
        }
        assertEquals(permitted.size(), PlanKinds.KERNEL.size());
    }

    private static void collect(Class<?> sealed, List<Class<?>> out) {
        for (Class<?> c : sealed.getPermittedSubclasses()) {
            if (c.isRecord()) {
                out.add(c);
            } else {
                collect(c, out);
            }
        }
    }

    @Test
    void aPlanOfEveryKernelKindAndEveryDelayRoundTrips() {
        LinkPolicy exp = new LinkPolicy(0.25, 0.5, new Delay.Exponential(10, 300, 5_000), 77);
        LinkPolicy fixed = new LinkPolicy(0, 0, new Delay.Fixed(2_000), LinkPolicy.DEFAULT_CAPACITY);
        FaultPlan faults = FaultPlan.builder()
                .lasting(S, 2 * S, new NetFault.Partition("client", "server"))
                .lasting(3 * S, 4 * S, new NetFault.PartitionOneWay("server", "client"))
                .at(5 * S, new NetFault.Clog("client", "server", 700_000))
                .at(6 * S, new NetFault.SetLink("client", "server", exp))
                .at(7 * S, new NetFault.SetLink("server", "client", fixed))
                .at(8 * S, new NodeFault.Crash("server"))
                .at(9 * S, new NodeFault.Restart("server"))
                .at(10 * S, new NodeFault.ClockSkew("client", -1_234))
                .at(11 * S, new NodeFault.Upgrade("server", "fixed"))
                .at(12 * S, new NodeFault.Downgrade("server", "buggy"))
                .build();
        CustomPlan plan = new CustomPlan(
                "every-kind.json",
                Plans.RANDOM,
                new LinkPolicy(0.01, 0, new Delay.Uniform(100, 900), 500),
                faults,
                Workload.builder()
                        .at(2 * S, new TallyScenario.Add(4))
                        .at(6500_000, new TallyScenario.Add(5))
                        .build());
        assertEquals(Optional.empty(), PlanRoundTrip.difference(tally, Plans.BUGGY, plan, 3));
        String text = PlanJson.write(plan, tally.name(), 3L);
        assertTrue(
                text.contains(
                        "{\"atMicros\":6000000,\"kind\":\"set-link\",\"from\":\"client\",\"to\":\"server\",\"policy\":{\"lossProbability\":0.25,"
                                + "\"duplicateProbability\":0.5,\"delayMicrosMin\":10,\"delayMicrosMean\":300,\"delayMicrosMax\":5000,\"capacity\":77}}"),
                text);
    }

    /** A link policy fault that causes the failure survives shrinking, and the shrunk plan round-trips to the same digest. */
    @Test
    void aShrunkPlanWithALinkPolicyFaultRoundTrips() {
        LinkPolicy duplicating = new LinkPolicy(0, 1, new Delay.Uniform(100, 1_000), LinkPolicy.DEFAULT_CAPACITY);
        FaultPlan faults = FaultPlan.builder()
                .at(S, new NetFault.SetLink("client", "server", duplicating))
                .lasting(8 * S, 9 * S, new NetFault.Partition("client", "server"))
                .at(10 * S, new NodeFault.ClockSkew("server", 5))
                .build();
        Workload w = Workload.builder()
                .at(2 * S, new TallyScenario.Add(1))
                .at(3 * S, new TallyScenario.Add(2))
                .build();
        CustomPlan plan = new CustomPlan("set-link.json", Plans.RANDOM, LinkPolicy.reliable(), faults, w);
        assertFalse(
                tally.run(RunSpec.custom(tally.name(), Plans.BUGGY, plan, 0), Trace.digestOnly())
                        .ok(),
                "the duplicating link breaks T1");
        assertTrue(tally.run(
                        RunSpec.custom(tally.name(), Plans.BUGGY, plan.withFaults(FaultPlan.empty()), 0),
                        Trace.digestOnly())
                .ok());
        var shrinker = new shardsim.core.shrink.Shrinker(
                ps -> ps.stream()
                        .map(p -> tally.run(RunSpec.custom(tally.name(), Plans.BUGGY, p, 0), Trace.digestOnly()))
                        .toList(),
                shardsim.core.shrink.ShrinkBudget.runs(100),
                1,
                (r, f, o) -> {});
        CustomPlan shrunk = shrinker.shrink(plan, "T1").shrunk();
        List<Fault> left = shrunk.faults().faults().stream().map(f -> f.fault()).toList();
        assertEquals(List.of(new NetFault.SetLink("client", "server", duplicating)), left);
        assertEquals(Optional.empty(), PlanRoundTrip.difference(tally, Plans.BUGGY, shrunk, 0));
    }

    @Test
    void aKindWithoutAPlanFileFormIsNamedAndAnUnknownKindFailsInOneLine() {
        record Bag(List<String> items) implements Fault {}
        assertTrue(
                PlanKinds.problem(Bag.class).endsWith("Bag.items is a List, which a plan file cannot hold"),
                PlanKinds.problem(Bag.class));
        String text =
                "{\"schema\":\"shardsim-plan\",\"schemaVersion\":2,\"scenario\":\"tally\",\"faults\":[{\"atMicros\":1,\"kind\":\"meteor\"}]}";
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PlanJson.read(text, "m.json", tally));
        assertEquals(
                "plan m.json fault #0: unknown fault kind 'meteor' (known: clock-skew, clog, crash, downgrade, partition, partition-end, "
                        + "partition-one-way, partition-one-way-end, restart, set-link, upgrade)",
                e.getMessage());
        IllegalArgumentException bad =
                assertThrows(IllegalArgumentException.class, () -> PlanJson.read("{\"schema\": [1,}", "b.json", tally));
        assertEquals("plan b.json is not valid JSON: unexpected character '}' (line 1, column 15)", bad.getMessage());
    }
}
