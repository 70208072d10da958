package shardsim.core.sim;

/**
 * A run the scenario cannot honour as asked (bad input for this scenario, found only once the run
 * is set up or under way): the command line prints the message as one line and exits 2, as for
 * any bad input, instead of reporting on a run that is not the one asked for.
 */
public class RunRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message one line saying what cannot be run and why */
    public RunRefused(String message) {
        super(message);
    }
}
