package shardsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Violation;
import shardsim.core.fixture.Probe;
import shardsim.core.node.Envelope;
import shardsim.core.node.Timer;
import shardsim.core.trace.Trace;

/**
 * Timers in the event queue's lanes change no run: with lanes and with every timer in the heap,
 * every run gives the same digest, events, clock and violations, also when either budget runs
 * out, at any point, and when the event budget runs out with only cancelled timers left. The
 * clients mix three streams of timers: call timeouts and watchdogs of fixed delays (which lanes
 * take) and think times drawn at random (which they take only when they fit).
 */
class TimerLanesTest {
    /** The clients are done long before this; then only dead watchdogs are left. */
    private static final long END = 10_000_000;

    private static final long MID = 400_000;
    private static final int CALLS = 300;
    private static final boolean LANES = true;
    private static final boolean HEAP = false;

    /** The server drops every fifth request, so some calls time out. */
    private static final class Server extends Probe {
        Server(shardsim.core.node.NodeContext ctx) {
            super(ctx);
        }

        @Override
        public void onMessage(Envelope e) {
            int n = ((Msg) e.message()).n();
            if (n % 5 != 0) {
                ctx.reply(e, new Msg(-n));
            }
        }
    }

    /**
     * Calls the server one at a time; each call also arms a watchdog far ahead, cancelled when the
     * call ends, so dead timers lie beyond the end of the run too. A think timer follows every
     * call, so the last cancellation is followed by a live event (after which an eager pass runs).
     */
    private static final class Client extends Probe {
        private int n;

        Client(shardsim.core.node.NodeContext ctx) {
            super(ctx);
        }

        @Override
        public void onStart() {
            next();
        }

        private void next() {
            if (n == CALLS) {
                return;
            }
            Timer watchdog = ctx.setTimer("watchdog", 1_500_000, () -> {});
            ctx.call(
                    "server",
                    new Msg(++n),
                    Msg.class,
                    20_000,
                    reply -> {
                        watchdog.cancel();
                        ctx.setTimer("think", ctx.random().between(0, 2_000), this::next);
                    },
                    () -> {
                        watchdog.cancel();
                        ctx.setTimer("think", ctx.random().between(0, 2_000), this::next);
                    });
        }
    }

    private record Outcome(String digest, long events, long now, List<String> violations) {}

    private static Outcome run(long seed, RunBudget budget, boolean lanes) {
        return run(seed, budget, lanes, END);
    }

    private static Outcome run(long seed, RunBudget budget, boolean lanes, long end) {
        Simulation sim = new Simulation(seed, SimConfig.defaults().withBudget(budget), Trace.digestOnly());
        sim.loop.timersInLanes(lanes);
        sim.nodes().add("server", Server::new);
        for (int i = 1; i <= 4; i++) {
            sim.nodes().add("client-" + i, Client::new);
        }
        sim.runUntil(end);
        sim.finish();
        List<String> vs = new ArrayList<>();
        for (Violation v : sim.checks().violations()) {
            vs.add(v.render());
        }
        return new Outcome(sim.record().trace().digestHex(), sim.eventNumber(), sim.now(), vs);
    }

    @Test
    void lanesChangeNoRun() {
        for (long seed = 1; seed <= 3; seed++) {
            Outcome none = run(seed, RunBudget.of(10_000_000, 1_000_000_000), HEAP);
            assertTrue(none.events() > 2_000 && none.violations().isEmpty(), none.toString());
            assertEquals(none, run(seed, RunBudget.of(10_000_000, 1_000_000_000), LANES));
        }
    }

    @Test
    void budgetsRunOutAtTheSameEventWithAndWithoutLanes() {
        long all = run(7, RunBudget.of(10_000_000, 1_000_000_000), HEAP).events();
        List<Long> eventBudgets = new ArrayList<>(List.of(1L, 2L, all - 1, all, all + 1));
        for (long n = 50; n < all; n += 397) {
            eventBudgets.add(n);
        }
        int exhausted = 0;
        for (long maxEvents : eventBudgets) {
            for (long maxMicros : new long[] {1_000, MID - 1, 700_000, 1_500_000, END - 1, END, 1_000_000_000}) {
                for (long end : new long[] {MID, END}) {
                    RunBudget b = RunBudget.of(maxEvents, maxMicros);
                    Outcome none = run(7, b, HEAP, end);
                    assertEquals(none, run(7, b, LANES, end), "budget " + b + " to " + end);
                    exhausted += none.violations().isEmpty() ? 0 : 1;
                }
            }
        }
        assertTrue(exhausted > 20, "most budgets run out: " + exhausted);
        // Both budgets spent at once: the events up to a time budget, and that many events. A
        // cancelled timer between the last event in time and the first after it meets the event
        // budget first.
        for (long maxMicros = 100_000; maxMicros < 1_900_000; maxMicros += 37_000) {
            long upTo = run(7, RunBudget.of(10_000_000, maxMicros), HEAP).events();
            RunBudget b = RunBudget.of(upTo, maxMicros);
            assertEquals(run(7, b, HEAP), run(7, b, LANES), "budget " + b);
        }
        // With exactly as many events as the run has, only cancelled watchdogs are left when the
        // budget is spent, and the loop meets one before the end: a budget violation, lanes or none.
        Outcome exact = run(7, RunBudget.of(all, 1_000_000_000), LANES);
        assertEquals(1, exact.violations().size(), exact.toString());
        assertTrue(exact.violations().get(0).contains("event budget of " + all), exact.toString());
        assertEquals(
                List.of(), run(7, RunBudget.of(all + 1, 1_000_000_000), LANES).violations());
    }
}
