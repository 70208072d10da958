package shardsim.core.sim;

/**
 * A node booted on another mode's code than the run's, and neither its factory nor its start
 * looked at that code ({@code NodeContext.code()}): it runs whatever the scenario built it with,
 * most likely the run's mode, so the mixed-version run would report on code it never ran. The
 * kernel refuses the run instead.
 */
public final class CodeIgnored extends RunRefused {
    /**
     * @param node the node
     * @param code the mode whose code it should run
     * @param runCode the run's own mode
     */
    public CodeIgnored(String node, String code, String runCode) {
        super("node " + node + " should run the code of mode " + code + " (the run's mode is "
                + (runCode.isEmpty() ? "none" : runCode)
                + "), but its factory never read its code (NodeContext.code()), so it would run the wrong code; build the node from the code"
                + " the kernel gives it (SimulatedScenario.coded, or ctx.code() in its factory)");
    }
}
