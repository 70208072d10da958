package shardsim.core.trace;

/**
 * One line of a run's trace.
 *
 * @param index position in the trace, from 0
 * @param timeMicros virtual time
 * @param eventNumber the number of the scheduled event being handled when this was recorded
 * @param actor the node (or subsystem) it happened at
 * @param data the event's typed fields
 */
public record TraceEvent(long index, long timeMicros, long eventNumber, String actor, TraceData data) {

    /** What happened: the kind its data declares ({@link TraceData#kind}). */
    public TraceKind kind() {
        return data.kind();
    }

    /** The event's text, made from its fields (for people; readers use {@link #data}). */
    public String detail() {
        return data.text();
    }

    /** The one-line form used in reports and diffs. */
    public String render() {
        StringBuilder b = new StringBuilder(96);
        b.append('#')
                .append(index)
                .append(" t=")
                .append(Micros.format(timeMicros))
                .append(" e=")
                .append(eventNumber)
                .append(' ')
                .append(kind())
                .append(' ')
                .append(actor)
                .append(' ');
        data.render(b);
        return b.toString();
    }

    /** Whether two events record the same thing (the index aside), field by field. */
    public boolean sameAs(TraceEvent other) {
        return timeMicros == other.timeMicros
                && eventNumber == other.eventNumber
                && kind() == other.kind()
                && actor.equals(other.actor)
                && data.type().equals(other.data.type())
                && (data.equals(other.data) || FieldTree.of(data).equals(FieldTree.of(other.data)));
    }
}
