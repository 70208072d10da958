package shardsim.core.worker;

/**
 * What a checker can see of a task.
 *
 * @param name the task's name
 * @param tag the model's tag, or null
 * @param queuedAtMicros when it was queued
 * @param startedAtMicros when it took the worker, or -1 while it waits in the queue
 * @param waiting whether it holds the worker waiting for its condition
 * @param waitsFor what it waits for, or null
 * @param polls how many times it has re-checked its condition
 */
public record TaskView(String name, Object tag, long queuedAtMicros, long startedAtMicros, boolean waiting, String waitsFor, long polls) {
}
