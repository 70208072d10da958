package shardsim.core.scenario;

/**
 * One row of a scenario's fidelity table: a modelled behaviour, the upstream code it follows
 * (file, commit or pull request), and where the model simplifies it.
 */
public record FidelityRow(String behaviour, String upstream, String simplification) {
}
