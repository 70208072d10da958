package shardsim.core.blocks;

import shardsim.core.node.Message;
import shardsim.core.node.NodeContext;

/**
 * A request with a timeout and a retry budget. Each try is one {@link NodeContext#call}; its
 * {@link Attempts} decide from the answer (or the timeout) whether the call is done or tried again.
 * A try to be repeated waits the {@link RetryPolicy}'s backoff on a node timer named
 * {@code backoffLabel}, then the next try asks {@link Attempts#request} for its request; when the
 * budget is spent the call gives up ({@link Attempts#onGiveUp}). Like any call it dies with the
 * node's incarnation: a crash voids the pending try or backoff and nothing more runs.
 *
 * <p>It draws nothing: its only effects are the calls and timers, made in the order a hand-written
 * loop makes them (the request built, then sent; the answer handled, then the backoff timer set).
 *
 * @param <R> the type of the answer every try expects
 */
public final class RetryingCall<R extends Message> {
    /** What the call does after an answer or a timeout. */
    public enum Next {
        /** The call is over: nothing more is sent. */
        DONE,
        /** Try again after the backoff, if the budget allows; otherwise give up. */
        RETRY
    }

    /**
     * The caller's side of a call: each try's request and what an answer or a timeout means. At
     * most one try is in flight at a time, so an implementation may keep the current try's state
     * in fields.
     *
     * @param <R> the type of the answer every try expects
     */
    public interface Attempts<R extends Message> {
        /** The request of try {@code tryIndex} (0 first), made just before it is sent. */
        Message request(int tryIndex);

        /** Try {@code tryIndex} was answered with {@code reply}: whether the call is done. */
        Next onReply(R reply, int tryIndex);

        /** Try {@code tryIndex} got no answer within the timeout: whether to try again. */
        Next onTimeout(int tryIndex);

        /** The budget is spent: {@code tries} tries were made and the last one asked for another. */
        default void onGiveUp(int tries) {}
    }

    private final NodeContext ctx;
    private final String to;
    private final Class<R> replyType;
    private final RetryPolicy policy;
    private final String backoffLabel;
    private final Attempts<R> attempts;

    private RetryingCall(
            NodeContext ctx,
            String to,
            Class<R> replyType,
            RetryPolicy policy,
            String backoffLabel,
            Attempts<R> attempts) {
        this.ctx = ctx;
        this.to = to;
        this.replyType = replyType;
        this.policy = policy;
        this.backoffLabel = backoffLabel;
        this.attempts = attempts;
    }

    /**
     * Sends the first try now.
     *
     * @param ctx the calling node's context
     * @param to the node every try goes to
     * @param replyType the answer's type (the kernel checks it, as for any call)
     * @param policy the timeout of a try, the budget and the backoffs
     * @param backoffLabel the name of the timer each backoff waits on (as a trace shows it)
     * @param attempts the requests and what their answers mean
     * @param <R> the answer's type
     */
    public static <R extends Message> void start(
            NodeContext ctx,
            String to,
            Class<R> replyType,
            RetryPolicy policy,
            String backoffLabel,
            Attempts<R> attempts) {
        new RetryingCall<>(ctx, to, replyType, policy, backoffLabel, attempts).attempt(0);
    }

    private void attempt(int tryIndex) {
        Message request = attempts.request(tryIndex);
        ctx.call(
                to,
                request,
                replyType,
                policy.timeoutMicros(),
                r -> after(attempts.onReply(r, tryIndex), tryIndex),
                () -> after(attempts.onTimeout(tryIndex), tryIndex));
    }

    private void after(Next next, int tryIndex) {
        if (next == Next.DONE) {
            return;
        }
        int tries = tryIndex + 1;
        boolean another = policy.allowsAnotherAfter(tries);
        if (policy.backoffBeforeGivingUp()) {
            ctx.setTimer(backoffLabel, policy.backoffMicros(tryIndex), () -> nextOrGiveUp(another, tries));
        } else if (another) {
            ctx.setTimer(backoffLabel, policy.backoffMicros(tryIndex), () -> attempt(tries));
        } else {
            attempts.onGiveUp(tries);
        }
    }

    private void nextOrGiveUp(boolean another, int tries) {
        if (another) {
            attempt(tries);
        } else {
            attempts.onGiveUp(tries);
        }
    }
}
