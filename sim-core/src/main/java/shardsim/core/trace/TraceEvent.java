package shardsim.core.trace;

/**
 * One line of a run's trace.
 *
 * @param index position in the trace, from 0
 * @param timeMicros virtual time
 * @param eventNumber the number of the scheduled event being handled when this was recorded
 * @param kind what happened
 * @param actor the node (or subsystem) it happened at
 * @param detail a deterministic description
 */
public record TraceEvent(long index, long timeMicros, long eventNumber, TraceKind kind, String actor, String detail) {

    /** The one-line form used in reports and diffs. */
    public String render() {
        return "#" + index + " t=" + Micros.format(timeMicros) + " e=" + eventNumber + " " + kind + " " + actor + " " + detail;
    }

    /** Whether two events record the same thing (the index aside). */
    public boolean sameAs(TraceEvent other) {
        return timeMicros == other.timeMicros
                && eventNumber == other.eventNumber
                && kind == other.kind
                && actor.equals(other.actor)
                && detail.equals(other.detail);
    }
}
