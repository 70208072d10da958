package shardsim.core.scenario;

/**
 * One row of a scenario's fidelity table: a modelled behaviour, the upstream code it follows, and
 * where the model simplifies it (and why that does not change the result).
 *
 * @param behaviour what the model does
 * @param upstream the upstream file and commit (or PR) it follows
 * @param simplification what the model leaves out or changes, and why the result stands; empty if none
 */
public record FidelityRow(String behaviour, String upstream, String simplification) {
    public FidelityRow {
        if (behaviour == null
                || behaviour.isBlank()
                || upstream == null
                || upstream.isBlank()
                || simplification == null) {
            throw new IllegalArgumentException("a fidelity row needs a behaviour and an upstream reference");
        }
    }
}
