package shardsim.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C (SIGINT) or SIGTERM during a long command: the JVM runs this hook, which tells the
 * command to stop and then waits until the command has printed the best it found, so the user
 * gets that instead of nothing. Temporary files go with {@link shardsim.cli.io.AtomicOutput}'s hook.
 */
final class OnSignal implements AutoCloseable {
    private final AtomicBoolean signalled = new AtomicBoolean();
    private final CountDownLatch printed = new CountDownLatch(1);
    private final Thread hook;

    OnSignal(String name) {
        hook = new Thread(() -> {
            signalled.set(true);
            try {
                printed.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name + "-signal");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Whether the JVM is stopping on a signal: stop the work and print what there is. */
    boolean signalled() {
        return signalled.get();
    }

    /** The command has printed what it had (or finished): the JVM may stop. */
    @Override
    public void close() {
        printed.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running and has just been released.
        }
    }
}
