package shardsim.core.scenario;

/**
 * One row of "the report's log beside our trace": a line of the upstream bug report's log with its
 * time, and the trace line of the documented buggy run that corresponds to it, with its virtual
 * time. The sim side is empty when the model has no counterpart.
 */
public record LogLine(String reportTime, String reportLine, String simTime, String simLine) {}
