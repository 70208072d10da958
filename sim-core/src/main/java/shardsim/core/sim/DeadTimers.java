package shardsim.core.sim;

import java.util.Arrays;
import shardsim.core.event.EventQueue;

/**
 * Cancelled timers still in the event queue. A cancelled timer is no event: the loop skips it
 * when it comes to the top. But a call's timeout is nearly always cancelled by the reply, long
 * before it is due, so in a busy run most of the queue is dead timeouts, which make every add and
 * poll walk a deeper heap and cost a poll each. Once they are more than half the queue they are
 * taken out in one pass.
 *
 * <p>Taking them out changes no run. The order of the rest is their (time, sequence) keys, and a
 * dead timer at the top only ever mattered to the loop's budget checks: the loop checks the budget
 * against the top item before it skips a dead one. So a dead timer after the virtual-time budget is
 * never taken out, and the times and sequences of those taken out ("ghosts") are kept until the
 * loop has passed them, for the one question the checks then ask: whether a ghost would have been
 * at the top when the event budget ran out.
 */
final class DeadTimers {
    /** Below this many cancellations a pass is not worth it. */
    static final long MIN_DEAD = 256;

    /** The cancellations a pass waits for (tests set 1, or never). */
    long minDead = MIN_DEAD;
    /** Whether a pass may take out fewer than half the queue (tests, to pass after every cancellation). */
    boolean eager;
    private long cancelled;
    private long[] ghostTimes = new long[64];
    private long[] ghostSeqs = new long[64];
    private int ghosts;

    void cancelled() {
        cancelled++;
    }

    /** Takes the dead timers out if they are likely more than half the queue. */
    void maybeCompact(EventQueue<SimEvent> queue, long maxVirtualMicros) {
        if (cancelled < minDead || (!eager && cancelled <= queue.size() / 2)) {
            return;
        }
        cancelled = 0;
        dropPassed(queue);
        queue.removeIf(maxVirtualMicros, e -> e instanceof SimEvent.Fire f && !f.timer().isPending(), this::ghost);
    }

    private void ghost(long time, long seq) {
        if (ghosts == ghostTimes.length) {
            ghostTimes = Arrays.copyOf(ghostTimes, ghosts * 2);
            ghostSeqs = Arrays.copyOf(ghostSeqs, ghosts * 2);
        }
        ghostTimes[ghosts] = time;
        ghostSeqs[ghosts] = seq;
        ghosts++;
    }

    /** Forgets the ghosts the loop has passed: those before the last item it polled. */
    private void dropPassed(EventQueue<SimEvent> queue) {
        int kept = 0;
        for (int i = 0; i < ghosts; i++) {
            if (after(ghostTimes[i], ghostSeqs[i], queue.lastTime(), queue.lastSeq())) {
                ghostTimes[kept] = ghostTimes[i];
                ghostSeqs[kept] = ghostSeqs[i];
                kept++;
            }
        }
        ghosts = kept;
    }

    /**
     * Whether a ghost at or before {@code untilMicros} lies after the last item polled: then the
     * loop, without this class, would have found it at the top before going on.
     */
    boolean ghostAhead(EventQueue<SimEvent> queue, long untilMicros) {
        for (int i = 0; i < ghosts; i++) {
            if (ghostTimes[i] <= untilMicros && after(ghostTimes[i], ghostSeqs[i], queue.lastTime(), queue.lastSeq())) {
                return true;
            }
        }
        return false;
    }

    private static boolean after(long time, long seq, long lastTime, long lastSeq) {
        return time > lastTime || (time == lastTime && seq > lastSeq);
    }
}
