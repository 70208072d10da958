package shardsim.core.fault;

/**
 * Ends the lasting fault {@code start}: the one end record every lasting kind shares. Its kind is
 * the start's kind with {@value #SUFFIX} appended ({@code partition-end}), and a plan file writes
 * it with the start's fields, so an end names exactly the fault it ends.
 */
public record End(LastingFault start) implements Fault {
    /** Appended to a lasting kind's name to name its end. */
    public static final String SUFFIX = "-end";

    public End {
        if (start == null) {
            throw new IllegalArgumentException("an end needs the fault it ends");
        }
    }

    @Override
    public String kind() {
        return start.kind() + SUFFIX;
    }

    @Override
    public int activityDelta() {
        return -1;
    }

    @Override
    public boolean ends(Fault fault) {
        return start.equals(fault);
    }
}
