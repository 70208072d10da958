package shardsim.core.check;

/**
 * A broken invariant.
 *
 * @param invariant its name, for example "D1"
 * @param message what was seen
 * @param timeMicros virtual time when it was found
 * @param eventNumber the scheduled event being handled then
 */
public record Violation(String invariant, String message, long timeMicros, long eventNumber) {
    /** One line: invariant, virtual time, event number and message. */
    public String render() {
        return invariant + " violated at t=" + shardsim.core.trace.Micros.format(timeMicros) + " (event " + eventNumber
                + "): " + message;
    }
}
