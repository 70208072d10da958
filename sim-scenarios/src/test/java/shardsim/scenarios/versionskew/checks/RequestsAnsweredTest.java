package shardsim.scenarios.versionskew.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.scenarios.versionskew.model.MetaNode;
import shardsim.scenarios.versionskew.model.ShardInfo;
import shardsim.scenarios.versionskew.model.ShardRole;
import shardsim.scenarios.versionskew.model.SkewProtocol.OpenShard;
import shardsim.scenarios.versionskew.model.SkewProtocol.ShardResult;
import shardsim.scenarios.versionskew.model.Timing;
import shardsim.scenarios.versionskew.plan.SkewFault;

/** C8: a live data node answers every request of meta's it received; a crash, a lost answer and a duplicate are not failures. */
class RequestsAnsweredTest {
    private static final Timing TIMING = Timing.of(1_000);
    private static final long BOUND = RequestsAnswered.boundMicros(TIMING);
    private static final String NODE = "node-1";

    /** Meta's stand-in: calls the node when the test asks it to. */
    static final class Caller implements Node {
        final NodeContext ctx;
        final List<Object> outcomes = new ArrayList<>();

        Caller(NodeContext ctx) {
            this.ctx = ctx;
        }

        void ask(int shardId) {
            ctx.call(
                    NODE,
                    new OpenShard(new ShardInfo(shardId, ShardRole.Leader, 1), ctx.incarnation()),
                    ShardResult.class,
                    TIMING.rpcTimeoutMicros(),
                    outcomes::add,
                    () -> outcomes.add("timeout"));
        }

        @Override
        public void onMessage(Envelope envelope) {
            throw new IllegalStateException("meta's stand-in gets only replies");
        }
    }

    /** A data node that answers each request once (a copy of one it saw is ignored), or never. */
    static final class Answerer implements Node {
        final NodeContext ctx;
        final boolean silent;
        final TreeSet<Long> seen = new TreeSet<>();
        int received;

        Answerer(NodeContext ctx, boolean silent) {
            this.ctx = ctx;
            this.silent = silent;
        }

        @Override
        public void onMessage(Envelope env) {
            received++;
            if (!silent && seen.add(env.callId())) {
                ctx.reply(env, new ShardResult(true, "", 1));
            }
        }
    }

    private static Simulation sim(boolean silent, LinkPolicy link) {
        Simulation sim = new Simulation(
                3, SimConfig.defaults().withDefaultLink(link).withStopOnFirstViolation(false), Trace.digestOnly());
        sim.faults().onFault((f, starts) -> f instanceof SkewFault);
        sim.nodes().add(MetaNode.NAME, Caller::new);
        sim.nodes().add(NODE, ctx -> new Answerer(ctx, silent));
        new RequestsAnswered(sim, List.of(NODE), TIMING).register();
        sim.runUntil(0);
        return sim;
    }

    private static LinkPolicy link() {
        return new LinkPolicy(0, 0, new Delay.Fixed(1_000), 100);
    }

    private static List<Violation> c8(Simulation sim) {
        return sim.checks().violations().stream()
                .filter(v -> v.invariant().equals(RequestsAnswered.C8.name()))
                .toList();
    }

    @Test
    void anAnsweredRequestHolds() {
        Simulation sim = sim(false, link());
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        sim.runUntil(10 * BOUND);
        sim.finish();
        assertEquals(List.of(), c8(sim));
        assertEquals(1, sim.nodes().node(MetaNode.NAME, Caller.class).outcomes.size());
    }

    @Test
    void anUnansweredRequestFailsOnceItOutlivesTheBound() {
        Simulation sim = sim(true, link());
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        long delivered = 1_000;
        sim.runUntil(delivered + BOUND - 1);
        sim.after(1, "tick", () -> {});
        sim.runUntil(delivered + BOUND);
        assertEquals(List.of(), c8(sim), "not late at the bound itself");
        sim.after(1, "tick", () -> {});
        sim.runUntil(delivered + BOUND + 1);
        List<Violation> c8 = c8(sim);
        assertEquals(1, c8.size(), () -> sim.checks().violations().toString());
        assertTrue(
                c8.get(0).message().contains("OpenShard") && c8.get(0).message().contains(NODE),
                c8.get(0).message());
    }

    @Test
    void anUnansweredRequestOlderThanTheBoundFailsAtTheEnd() {
        Simulation sim = sim(true, link());
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        // The caller's timeout fires at the bound after the send, before the request is late; no event comes after.
        sim.runUntil(1_000 + BOUND + 5);
        assertEquals(List.of(), c8(sim));
        sim.finish();
        assertEquals(1, c8(sim).size(), () -> sim.checks().violations().toString());
    }

    @Test
    void aRequestStillYoungAtTheEndIsNotJudged() {
        Simulation sim = sim(true, link());
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        sim.runUntil(BOUND / 2);
        sim.finish();
        assertEquals(List.of(), c8(sim));
    }

    @Test
    void aCrashOrARestartOfTheNodeEndsWhatItOwed() {
        for (boolean restart : new boolean[] {false, true}) {
            Simulation sim = sim(true, link());
            sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
            sim.runUntil(BOUND / 2);
            sim.nodes().crash(NODE);
            if (restart) {
                sim.nodes().restart(NODE);
            }
            sim.runUntil(10 * BOUND);
            sim.finish();
            assertEquals(List.of(), c8(sim), "restart " + restart);
        }
    }

    @Test
    void aDuplicatedRequestIsOneRequestAnsweredOnce() {
        Simulation sim = sim(false, link().withDuplication(1.0));
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        sim.runUntil(10 * BOUND);
        sim.finish();
        assertEquals(2, sim.nodes().node(NODE, Answerer.class).received, "the link delivered both copies");
        assertEquals(2, sim.network().duplicated(), "the link copied the request and the one answer");
        assertEquals(List.of(), c8(sim));
    }

    @Test
    void aDuplicatedRequestNeverAnsweredFailsOnce() {
        Simulation sim = sim(true, link().withDuplication(1.0));
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        sim.runUntil(10 * BOUND);
        sim.finish();
        assertEquals(1, c8(sim).size(), () -> sim.checks().violations().toString());
    }

    @Test
    void anAnswerLostOnTheWireExcusesOneRequestOfItsKind() {
        Simulation sim = sim(true, link());
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        sim.runUntil(2_000);
        sim.faults().apply(new SkewFault.ResponseDropped(NODE, "OpenShard"));
        sim.runUntil(10 * BOUND);
        sim.finish();
        assertEquals(List.of(), c8(sim));

        Simulation two = sim(true, link());
        two.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        two.nodes().node(MetaNode.NAME, Caller.class).ask(8);
        two.runUntil(2_000);
        two.faults().apply(new SkewFault.ResponseDropped(NODE, "OpenShard"));
        two.runUntil(10 * BOUND);
        two.finish();
        assertEquals(1, c8(two).size(), "one lost answer excuses one request, not two");
    }

    @Test
    void aLostAnswerExcusesOnlyARequestOwedWhenItWasLost() {
        Simulation sim = sim(true, link());
        sim.faults().apply(new SkewFault.ResponseDropped(NODE, "OpenShard"));
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        sim.runUntil(10 * BOUND);
        sim.finish();
        assertEquals(1, c8(sim).size(), "a loss before the request arrived does not excuse it");
    }

    @Test
    void aLostAnswerOfAnotherKindOrAnEndedIncarnationExcusesNothing() {
        Simulation sim = sim(true, link());
        sim.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        sim.runUntil(2_000);
        sim.faults().apply(new SkewFault.ResponseDropped(NODE, "CreateTableOnShard"));
        sim.runUntil(10 * BOUND);
        sim.finish();
        assertEquals(1, c8(sim).size(), () -> sim.checks().violations().toString());

        Simulation later = sim(true, link());
        later.faults().apply(new SkewFault.ResponseDropped(NODE, "OpenShard"));
        later.nodes().crash(NODE);
        later.nodes().restart(NODE);
        later.nodes().node(MetaNode.NAME, Caller.class).ask(7);
        later.runUntil(10 * BOUND);
        later.finish();
        assertEquals(1, c8(later).size(), "an excuse of the incarnation before does not carry over");
    }
}
