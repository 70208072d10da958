package shardsim.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import shardsim.cli.io.AtomicOutput;

/**
 * Ctrl-C (SIGINT) or SIGTERM during a long command: the JVM runs this hook, which tells the
 * command to stop and then waits until the command has printed what it did, so the user gets that
 * (and no verdict for work not done) instead of nothing. One per command, open until the command
 * has printed: the JVM halts as soon as it is closed. Temporary files go with
 * {@link shardsim.cli.io.AtomicOutput}'s hook, which waits until this one is closed so that it
 * cannot delete a file the command is still moving into place. Tests drive the same path with
 * {@link #signalAfterPolls}, since a test cannot send its own JVM a signal.
 */
final class OnSignal implements AutoCloseable {
    /** Polls of {@link #signalled} left before a test's signal arrives; negative: none planned. */
    private static final AtomicInteger POLLS_BEFORE_SIGNAL = new AtomicInteger(-1);

    private final AtomicBoolean signalled = new AtomicBoolean();
    private final CountDownLatch printed = new CountDownLatch(1);
    private final AtomicBoolean released = new AtomicBoolean();
    private final Thread hook;

    OnSignal(String name) {
        this(name, () -> {});
    }

    /** @param first run by the hook on a signal before it waits for the command (undo what a command cannot finish) */
    OnSignal(String name, Runnable first) {
        Thread h = new Thread(
                () -> {
                    signalled.set(true);
                    first.run();
                    try {
                        printed.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                name + "-signal");
        try {
            Runtime.getRuntime().addShutdownHook(h);
            AtomicOutput.holdCleanup();
        } catch (IllegalStateException shuttingDown) {
            // The signal came before the command got here: it stops at once and says so.
            signalled.set(true);
            h = null;
        }
        hook = h;
    }

    /**
     * For tests: every command's {@link #signalled} answers true from its {@code polls + 1}-th
     * question on, as if a signal had come then; the plan is used up by the first command that
     * gets there. Negative to cancel.
     */
    static void signalAfterPolls(int polls) {
        POLLS_BEFORE_SIGNAL.set(polls);
    }

    /** Whether the JVM is stopping on a signal: stop the work and print what there is. */
    boolean signalled() {
        if (signalled.get()) {
            return true;
        }
        int before = POLLS_BEFORE_SIGNAL.getAndUpdate(n -> n > 0 ? n - 1 : n == 0 ? -1 : n);
        if (before == 0) {
            signalled.set(true);
        }
        return signalled.get();
    }

    /** The command has printed what it had (or finished): the JVM may stop. */
    @Override
    public void close() {
        printed.countDown();
        if (hook == null) {
            return;
        }
        if (released.compareAndSet(false, true)) {
            AtomicOutput.releaseCleanup();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running and has just been released.
        }
    }
}
