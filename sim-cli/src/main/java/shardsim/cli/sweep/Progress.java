package shardsim.cli.sweep;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Sweep progress on stderr: a progress bar on a terminal, otherwise one plain line every few
 * seconds (a bar's carriage returns would fill a CI log).
 */
public final class Progress implements AutoCloseable {
    private final ProgressBar bar;
    private final ScheduledExecutorService ticker;
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong failing = new AtomicLong();

    public Progress(PrintStream err, boolean terminal, long total, long intervalSeconds) {
        this(err, terminal, total, intervalSeconds, "sweep", "seeds");
    }

    /**
     * @param task the command, first on each line
     * @param unit what is counted ("seeds", "starts")
     */
    public Progress(PrintStream err, boolean terminal, long total, long intervalSeconds, String task, String unit) {
        if (terminal) {
            bar = new ProgressBarBuilder()
                    .setTaskName(task)
                    .setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII)
                    .setConsumer(new ConsoleProgressBarConsumer(err))
                    .showSpeed()
                    .build();
            ticker = null;
        } else {
            bar = null;
            long start = System.nanoTime();
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, task + "-progress");
                t.setDaemon(true);
                return t;
            });
            ticker.scheduleAtFixedRate(
                    () -> {
                        double s = (System.nanoTime() - start) / 1e9;
                        err.printf(
                                "%s: %d/%d %s, %d failing, %.1f %s/s%n",
                                task, done.get(), total, unit, failing.get(), done.get() / Math.max(s, 1e-9), unit);
                        err.flush();
                    },
                    intervalSeconds,
                    intervalSeconds,
                    TimeUnit.SECONDS);
        }
    }

    public void step(boolean ok) {
        done.incrementAndGet();
        if (!ok) {
            failing.incrementAndGet();
        }
        if (bar != null) {
            bar.step();
            bar.setExtraMessage(failing.get() == 0 ? "" : failing.get() + " failing");
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }
}
