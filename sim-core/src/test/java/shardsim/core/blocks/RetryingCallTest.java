package shardsim.core.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fixture.Probe;
import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.node.Message;
import shardsim.core.node.NodeContext;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;

class RetryingCallTest {
    private static final long DELAY = 1_000;
    private static final long TIMEOUT = 10_000;

    /** A client and a server 1 ms apart; the server answers every request (a Probe negates its number). */
    private static Simulation sim() {
        Simulation sim = new Simulation(
                3,
                SimConfig.defaults().withDefaultLink(new LinkPolicy(0, 0, new Delay.Fixed(DELAY), 100)),
                Trace.full());
        sim.nodes().add("client", Probe::new);
        sim.nodes().add("server", Probe::new);
        sim.runUntil(0);
        return sim;
    }

    /** Records every try's index and time, and the give-up; answers decide by {@code settlesAt}. */
    private static final class Log implements RetryingCall.Attempts<Probe.Msg> {
        final NodeContext ctx;
        final int settlesAt;
        final List<Long> sentAt = new ArrayList<>();
        final List<Integer> tries = new ArrayList<>();
        final List<Integer> replies = new ArrayList<>();
        long gaveUpAt = -1;
        int gaveUpAfter = -1;

        Log(NodeContext ctx, int settlesAt) {
            this.ctx = ctx;
            this.settlesAt = settlesAt;
        }

        @Override
        public Message request(int tryIndex) {
            tries.add(tryIndex);
            sentAt.add(ctx.now());
            return new Probe.Msg(tryIndex + 1);
        }

        @Override
        public RetryingCall.Next onReply(Probe.Msg reply, int tryIndex) {
            replies.add(reply.n());
            return tryIndex >= settlesAt ? RetryingCall.Next.DONE : RetryingCall.Next.RETRY;
        }

        @Override
        public RetryingCall.Next onTimeout(int tryIndex) {
            return RetryingCall.Next.RETRY;
        }

        @Override
        public void onGiveUp(int tries) {
            gaveUpAt = ctx.now();
            gaveUpAfter = tries;
        }
    }

    private static Log start(Simulation sim, RetryPolicy policy, int settlesAt) {
        NodeContext ctx = sim.nodes().node("client", Probe.class).ctx();
        Log log = new Log(ctx, settlesAt);
        RetryingCall.start(ctx, "server", Probe.Msg.class, policy, "backoff", log);
        return log;
    }

    private static int backoffTimers(Simulation sim) {
        int n = 0;
        for (TraceEvent e : sim.record().trace().events()) {
            if (e.kind() == TraceKind.TIMER && e.detail().contains("backoff")) {
                n++;
            }
        }
        return n;
    }

    @Test
    void anAnsweredTryEndsTheCallWithNoBackoff() {
        Simulation sim = sim();
        Log log = start(sim, new RetryPolicy(TIMEOUT, 3, 5_000, 5_000, true), 0);
        sim.runUntil(1_000_000);
        assertEquals(List.of(0), log.tries);
        assertEquals(List.of(-1), log.replies);
        assertEquals(-1, log.gaveUpAfter);
        assertEquals(0, backoffTimers(sim));
    }

    @Test
    void timeoutsFireAndTheBudgetStopsTheTries() {
        Simulation sim = sim();
        sim.network().setPolicy("client", "server", LinkPolicy.reliable().withLoss(1.0));
        Log log = start(sim, new RetryPolicy(TIMEOUT, 3, 2_000, 100_000, false), 0);
        sim.runUntil(10_000_000);
        assertEquals(List.of(0, 1, 2), log.tries, "three tries, then no more");
        // Each try waits its timeout; the backoffs double: 2 ms after the first, 4 ms after the second.
        assertEquals(List.of(0L, TIMEOUT + 2_000, 2 * TIMEOUT + 2_000 + 4_000), log.sentAt);
        assertEquals(3, log.gaveUpAfter);
        assertEquals(3 * TIMEOUT + 6_000, log.gaveUpAt, "gives up as the last try times out");
        assertEquals(List.of(), log.replies);
    }

    @Test
    void aBackoffBeforeGivingUpWaitsAfterTheLastTryToo() {
        Simulation sim = sim();
        sim.network().setPolicy("client", "server", LinkPolicy.reliable().withLoss(1.0));
        Log log = start(sim, new RetryPolicy(TIMEOUT, 3, 1_000_000, 1_000_000, true), 0);
        sim.runUntil(10_000_000);
        assertEquals(List.of(0L, TIMEOUT + 1_000_000, 2 * TIMEOUT + 2_000_000), log.sentAt);
        assertEquals(3, log.gaveUpAfter);
        assertEquals(3 * TIMEOUT + 3_000_000, log.gaveUpAt, "a fixed second after the last try's timeout");
        assertEquals(3, backoffTimers(sim));
    }

    @Test
    void anAnswerMayAskForAnotherTryAndALaterOneSettles() {
        Simulation sim = sim();
        Log log = start(sim, new RetryPolicy(TIMEOUT, RetryPolicy.UNBOUNDED, 3_000, 3_000, false), 2);
        sim.runUntil(1_000_000);
        assertEquals(List.of(0, 1, 2), log.tries);
        assertEquals(List.of(-1, -2, -3), log.replies, "each try sends its own request");
        // A round trip is 2 ms; then a 3 ms backoff.
        assertEquals(List.of(0L, 5_000L, 10_000L), log.sentAt);
        assertEquals(-1, log.gaveUpAfter);
    }

    @Test
    void aReplyThatAsksForMoreAfterTheBudgetGivesUp() {
        Simulation sim = sim();
        Log log = start(sim, RetryPolicy.once(TIMEOUT), 5);
        sim.runUntil(1_000_000);
        assertEquals(List.of(0), log.tries);
        assertEquals(1, log.gaveUpAfter);
        assertEquals(2 * DELAY, log.gaveUpAt, "at once: no backoff after the only try");
        assertEquals(0, backoffTimers(sim));
    }

    @Test
    void anUnboundedBudgetKeepsTrying() {
        Simulation sim = sim();
        sim.network().setPolicy("client", "server", LinkPolicy.reliable().withLoss(1.0));
        Log log = start(sim, new RetryPolicy(TIMEOUT, RetryPolicy.UNBOUNDED, 10_000, 10_000, false), 0);
        sim.runUntil(1_000_000);
        // A try every 20 ms (timeout plus backoff), from 0 to 1 s.
        assertEquals(51, log.tries.size());
        assertEquals(-1, log.gaveUpAfter);
    }

    @Test
    void aCrashEndsTheCall() {
        Simulation sim = sim();
        sim.network().setPolicy("client", "server", LinkPolicy.reliable().withLoss(1.0));
        Log log = start(sim, new RetryPolicy(TIMEOUT, 5, 1_000, 1_000, false), 0);
        sim.runUntil(TIMEOUT + 500);
        sim.nodes().crash("client");
        sim.runUntil(1_000_000);
        assertEquals(List.of(0), log.tries, "the backoff pending at the crash never fires");
        assertEquals(-1, log.gaveUpAfter);
    }

    @Test
    void backoffsDoubleUpToTheMaximum() {
        RetryPolicy p = new RetryPolicy(1, RetryPolicy.UNBOUNDED, 1_000_000, 4_000_000, false);
        assertEquals(
                List.of(1_000_000L, 2_000_000L, 4_000_000L, 4_000_000L),
                List.of(p.backoffMicros(0), p.backoffMicros(1), p.backoffMicros(2), p.backoffMicros(3)));
        assertEquals(4_000_000L, p.backoffMicros(Integer.MAX_VALUE - 1), "no overflow however many tries");
        assertEquals(true, p.allowsAnotherAfter(Integer.MAX_VALUE - 1));
        RetryPolicy three = new RetryPolicy(1, 3, 0, 0, false);
        assertEquals(true, three.allowsAnotherAfter(2));
        assertEquals(false, three.allowsAnotherAfter(3));
    }

    @Test
    void aPolicyRefusesValuesThatMeanNothing() {
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(0, 1, 0, 0, false));
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(1, 0, 0, 0, false));
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(1, 1, -1, 0, false));
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(1, 1, 2, 1, false));
        assertThrows(IllegalArgumentException.class, () -> RetryPolicy.once(1).backoffMicros(-1));
    }
}
