package shardsim.core.scenario;

public record FidelityRow(String behaviour, String upstream, String simplification) {}
