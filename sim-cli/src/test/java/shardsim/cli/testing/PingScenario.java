package shardsim.cli.testing;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.ChaosProfile;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;

/**
 * The command line's test scenario. {@code documented} duplicates every pong (buggy always
 * fails); {@code random} duplicates a few messages (buggy fails on some seeds); fixed never
 * fails. {@code nondeterministic} records a process-wide counter, so two runs of one seed differ.
 */
public final class PingScenario implements Scenario {
    public static final String NAME = "ping";
    public static final String NONDETERMINISTIC = "nondeterministic";
    /** Deterministic within one JVM, different in another: what only --fresh-jvm can catch. */
    public static final String PER_PROCESS = "per-process";

    public static final int PINGS = 20;
    private static final AtomicLong LEAK = new AtomicLong();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "a client counts duplicated pongs as answers";
    }

    @Override
    public List<String> modes() {
        return List.of(Plans.BUGGY, Plans.FIXED, NONDETERMINISTIC, PER_PROCESS);
    }

    @Override
    public List<String> plans() {
        return List.of(Plans.DOCUMENTED, Plans.RANDOM, Plans.SWARM);
    }

    @Override
    public List<shardsim.core.check.Rule> invariants() {
        return List.of(new shardsim.core.check.Rule("P1", "the client counts at most one pong per ping sent"));
    }

    @Override
    public RunResult run(RunSpec spec, Trace trace) {
        Plans.require("mode", spec.mode(), modes());
        Plans.requirePlan(spec, plans());
        Simulation sim = new Simulation(spec.seed(), SimConfig.defaults(), trace);
        LinkPolicy link;
        if (spec.isCustom()) {
            link = spec.custom().link();
            sim.faults().inject(spec.custom().faults());
        } else if (Plans.DOCUMENTED.equals(spec.plan())) {
            link = LinkPolicy.reliable();
            sim.network().setPolicy("server", "client", LinkPolicy.reliable().withDuplication(1.0));
        } else {
            ChaosProfile profile = Plans.RANDOM.equals(spec.plan())
                    ? ChaosProfile.moderate()
                    : ChaosProfile.swarm(sim.random().fork("swarm"));
            link = profile.link().withDuplication(Math.min(0.02, profile.link().duplicateProbability()));
        }
        sim.network().setDefaultPolicy(link);
        sim.record().param("pings", PINGS);
        sim.record().param("link.duplication", link.duplicateProbability());
        sim.record().param("link.loss", link.lossProbability());
        if (NONDETERMINISTIC.equals(spec.mode())) {
            sim.record().param("leak", LEAK.incrementAndGet());
        }
        if (PER_PROCESS.equals(spec.mode())) {
            sim.record().param("pid", ProcessHandle.current().pid());
        }
        boolean dedupe = !Plans.BUGGY.equals(spec.mode());
        sim.nodes().add("server", PingServer::new);
        sim.nodes()
                .add(
                        "client",
                        ctx -> new PingClient(
                                ctx, PINGS, dedupe, v -> sim.record().metrics().record("rtt", v)));
        sim.checks().invariant(shardsim.core.check.Invariant.of("P1", () -> {
            PingClient c = sim.nodes().node("client", PingClient.class);
            return c != null && c.pongs() > c.sent() ? c.pongs() + " pongs counted for " + c.sent() + " pings" : null;
        }));
        sim.runUntil(100_000L * PINGS + 5_000_000L);
        sim.finish();
        return RunResult.of(spec, sim);
    }
}
