package shardsim.core.coverage;

/**
 * A scenario's abstraction of its state for one {@link StateSpace}, sampled after every event (and
 * once when the run starts). It reads the model and gives each live entity's abstract state; it
 * never changes the model, draws no randomness and records nothing in the trace, so adding one
 * changes no run.
 */
public interface Abstraction {
    /** The states this abstraction reports an entity in. */
    StateSpace space();

    /** Gives {@code sink} the abstract state of every entity there is now, each at most once. */
    void sample(Sink sink);

    /** Receives one entity's abstract state. */
    @FunctionalInterface
    interface Sink {
        /**
         * @param entity the entity's stable number (a shard id, a tablet id), unique in this space
         * @param state its abstract state, from {@link StateSpace#encode}
         */
        void state(long entity, int state);
    }
}
