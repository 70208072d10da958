package shardsim.core.worker;

import java.util.List;

/**
 * What a checker can see of a task.
 *
 * @param name the task's name
 * @param tag the model's tag, or null
 * @param queuedAtMicros when it was submitted (for a held task: when its submitter blocked)
 * @param startedAtMicros when it took the worker, or -1 while it waits in the queue
 * @param waiting whether it holds the worker waiting for its condition
 * @param waitsFor the key of the condition it waits for, or null
 * @param polls how many times it has re-checked its condition
 * @param meets the condition keys it may make hold ({@link Task#mayMeet})
 * @param submitter the worker (owner/name) blocked until this task is queued, or null once queued
 */
public record TaskView(
        String name,
        Object tag,
        long queuedAtMicros,
        long startedAtMicros,
        boolean waiting,
        String waitsFor,
        long polls,
        List<String> meets,
        String submitter) {}
