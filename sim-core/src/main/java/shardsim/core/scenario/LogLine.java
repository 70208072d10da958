package shardsim.core.scenario;

public record LogLine(String reportTime, String reportLine, String simTime, String simLine) {}
