package shardsim.core.aim;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.LastingFault;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.random.SimRandom;

/**
 * Aims faults into windows as they open, for a run whose plan aims ({@code targeted}, or a
 * {@code swarm} run whose draw says so). At each window it draws, from its own generator, whether
 * and what to aim ({@link AimProfile}); a fault lands 1 µs or more after the window opened and
 * fires only if the window is still open then, so every aimed fault starts inside the window it
 * was aimed at; the end of a lasting one (a restart, a partition's end) follows whatever happens
 * to the window. Faults start no earlier than the run's fault window allows and end by its tail.
 *
 * <p>Aimed faults are queued under sequence numbers the run reserved right after its plan's
 * faults ({@link AimedInjector#injectAimed}), so at their microsecond they come out exactly where
 * the same faults given as data would: a run's plan with the fired faults listed ({@link
 * #fired()}) replays the run event for event.
 */
public final class Targeting implements WindowListener {
    private final AimedInjector sim;
    private final AimProfile profile;
    private final List<ScenarioAim> aims;
    private final long fromMicros;
    private final long untilMicros;
    private final SimRandom random;
    private final List<AimedShot> fired = new ArrayList<>();
    private int planned;

    /**
     * @param sim the run, as the aimer sees it (its fault injection)
     * @param profile chances, durations, weights and limits
     * @param aims the scenario's own faults and the window kinds they fit
     * @param fromMicros no aimed fault before this
     * @param untilMicros no aimed fault starts at or after this, and every one has ended by it
     * @param random the generator aiming draws from, and nothing else does
     */
    public Targeting(
            AimedInjector sim,
            AimProfile profile,
            List<ScenarioAim> aims,
            long fromMicros,
            long untilMicros,
            SimRandom random) {
        this.sim = sim;
        this.profile = profile;
        this.aims = List.copyOf(aims);
        this.fromMicros = fromMicros;
        this.untilMicros = untilMicros;
        this.random = random;
    }

    /** The event-queue slots a run with this profile reserves: a fault and its end for each aimed fault. */
    public static int slotsFor(AimProfile profile) {
        return 2 * profile.limits().perRun();
    }

    @Override
    public void opened(Window window) {
        int inWindow = 0;
        while (inWindow < profile.limits().perWindow()
                && planned < profile.limits().perRun()
                && random.chance(profile.chance())) {
            inWindow++;
            aimAt(window);
        }
    }

    /** The aimed faults injected so far, in the order they fired. */
    public List<AimedShot> fired() {
        return List.copyOf(fired);
    }

    /** The aimed faults injected so far, as a plan. */
    public FaultPlan firedPlan() {
        FaultPlan.Builder b = FaultPlan.builder();
        for (AimedShot s : fired) {
            b.at(s.atMicros(), s.fault());
        }
        return b.build();
    }

    /** How many faults aiming has placed (fired or still pending). */
    public int planned() {
        return planned;
    }

    private void aimAt(Window window) {
        // Log-uniform: as likely within the first millisecond as in the next 999 (a window may be an
        // RPC in flight, microseconds, or a split, seconds).
        long at = sim.now()
                + Math.max(1, (long) StrictMath.exp(random.nextDouble() * StrictMath.log(profile.delayMaxMicros())));
        long until = Math.min(untilMicros, at + random.between(profile.faultMinMicros(), profile.faultMaxMicros()));
        List<Fault> own = new ArrayList<>();
        for (ScenarioAim a : aims) {
            if (a.windowKind().equals(window.kind())) {
                Fault f = a.aim(window, random);
                if (f != null) {
                    own.add(f);
                }
            }
        }
        List<String> crashable = new ArrayList<>();
        List<String> all = sim.nodeNames();
        List<String> crashableAll = sim.crashableNodes();
        for (String n : window.nodes()) {
            if (crashableAll.contains(n)) {
                crashable.add(n);
            }
        }
        boolean linked = all.size() >= 2;
        double[] w = profile.weights().asArray();
        w[AimedKind.SCENARIO.ordinal()] *= own.isEmpty() ? 0 : 1;
        w[AimedKind.CRASH.ordinal()] *= crashable.isEmpty() ? 0 : 1;
        for (AimedKind k : new AimedKind[] {AimedKind.PARTITION, AimedKind.ONE_WAY, AimedKind.SLOW_LINK}) {
            w[k.ordinal()] *= linked ? 1 : 0;
        }
        if (at < fromMicros || at >= untilMicros || !(w[0] + w[1] + w[2] + w[3] + w[4] > 0)) {
            return;
        }
        AimedKind kind = AimedKind.values()[random.weighted(w)];
        String node = random.pick(window.nodes());
        String other = otherThan(all, node);
        planned++;
        switch (kind) {
            case SCENARIO -> {
                Fault f = random.pick(own);
                if (f instanceof LastingFault lasting) {
                    pair(window, at, lasting, until, lasting.end());
                } else {
                    pair(window, at, f, -1, null);
                }
            }
            case CRASH -> {
                String victim = random.pick(crashable);
                pair(window, at, new NodeFault.Crash(victim), until, new NodeFault.Restart(victim));
            }
            case PARTITION -> {
                NetFault.Partition p = new NetFault.Partition(node, other);
                pair(window, at, p, until, p.end());
            }
            case ONE_WAY -> {
                NetFault.PartitionOneWay p = random.chance(0.5)
                        ? new NetFault.PartitionOneWay(node, other)
                        : new NetFault.PartitionOneWay(other, node);
                pair(window, at, p, until, p.end());
            }
            case SLOW_LINK -> pair(window, at, new NetFault.Clog(node, other, until - at), -1, null);
            default -> throw new IllegalStateException("unknown aimed kind " + kind);
        }
    }

    /** Queues {@code start} (fired only if the window is still open) and, if given, its end (fired only if the start was). */
    private void pair(Window window, long at, Fault start, long endAt, Fault end) {
        boolean[] started = new boolean[1];
        Windows board = sim.windows();
        sim.injectAimed(at, start, () -> board.isOpen(window), () -> {
            started[0] = true;
            fired.add(new AimedShot(at, start, window, true));
        });
        if (end != null) {
            sim.injectAimed(endAt, end, () -> started[0], () -> fired.add(new AimedShot(endAt, end, window, false)));
        }
    }

    private String otherThan(List<String> all, String node) {
        if (all.size() < 2) {
            return node;
        }
        String b;
        do {
            b = random.pick(all);
        } while (b.equals(node));
        return b;
    }
}
