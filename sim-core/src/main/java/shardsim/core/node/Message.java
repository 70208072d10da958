package shardsim.core.node;

/**
 * A message between nodes. Each protocol declares a sealed interface extending this one whose
 * permitted subtypes are records, so a handler can dispatch on every kind and a new kind cannot go
 * unhandled silently. Records must hold only immutable values: the network may deliver one twice.
 */
public interface Message {}
