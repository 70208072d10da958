package shardsim.core.worker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A unit of work for a {@link WorkerQueue}. A task may first wait for a condition, re-checking it
 * every {@code pollMicros} while it holds the worker (as code that sleeps in a loop does), then
 * occupies the worker for {@code serviceMicros}, then runs its body.
 */
public final class Task {
    private final String name;
    private final Object tag;
    private final long serviceMicros;
    private final BooleanSupplier condition;
    private final String waitsFor;
    private final long pollMicros;
    private final Runnable body;
    private final List<String> meets;

    private Task(
            String name,
            Object tag,
            long serviceMicros,
            BooleanSupplier condition,
            String waitsFor,
            long pollMicros,
            Runnable body,
            List<String> meets) {
        if (serviceMicros < 0) {
            throw new IllegalArgumentException("negative service time");
        }
        if (condition != null && pollMicros <= 0) {
            throw new IllegalArgumentException("poll interval must be positive");
        }
        this.name = name;
        this.tag = tag;
        this.serviceMicros = serviceMicros;
        this.condition = condition;
        this.waitsFor = waitsFor;
        this.pollMicros = pollMicros;
        this.body = body;
        this.meets = List.copyOf(meets);
    }

    /** A task that takes {@code serviceMicros} and then runs {@code body}. */
    public static Task of(String name, long serviceMicros, Runnable body) {
        return new Task(name, null, serviceMicros, null, null, 0, body, List.of());
    }

    /**
     * A task that first waits, polling, until {@code condition} holds. {@code waitsFor} names the
     * condition: it is the key that tasks able to make it hold declare with {@link #mayMeet}, which
     * is how the kernel's wait-for graph ({@code shardsim.core.check.SelfWaitCheck}) links a waiter to
     * its possible satisfiers without knowing what either task is.
     */
    public static Task waitingFor(
            String name,
            String waitsFor,
            BooleanSupplier condition,
            long pollMicros,
            long serviceMicros,
            Runnable body) {
        return new Task(name, null, serviceMicros, condition, waitsFor, pollMicros, body, List.of());
    }

    /** The same task carrying a model-defined tag that checkers can read. */
    public Task withTag(Object newTag) {
        return new Task(name, newTag, serviceMicros, condition, waitsFor, pollMicros, body, meets);
    }

    /** The same task, declaring the conditions (by their {@code waitsFor} keys) its body may make hold. */
    public Task mayMeet(String... conditions) {
        List<String> all = new ArrayList<>(meets);
        all.addAll(Arrays.asList(conditions));
        return new Task(name, tag, serviceMicros, condition, waitsFor, pollMicros, body, all);
    }

    /** The condition keys this task may make hold, as declared with {@link #mayMeet}. */
    public List<String> meets() {
        return meets;
    }

    /** The task's name, as traces show it. */
    public String name() {
        return name;
    }

    /** What the model tagged the task with (a region, a tablet), for checks; may be null. */
    public Object tag() {
        return tag;
    }

    /** How long the task holds the worker once its condition holds. */
    public long serviceMicros() {
        return serviceMicros;
    }

    /** What the task waits for, holding the worker; null for none. */
    public BooleanSupplier condition() {
        return condition;
    }

    /** The condition in words, for traces and checks; null for none. */
    public String waitsFor() {
        return waitsFor;
    }

    /** How often a waiting task re-checks its condition. */
    public long pollMicros() {
        return pollMicros;
    }

    /** What the task does once its service time is over. */
    public Runnable body() {
        return body;
    }
}
