package shardsim.cli.base;

/**
 * The JVM is stopping on a signal (SIGINT, SIGTERM) while a command still had work to start: the
 * command says so in one line and exits {@link ExitCodes#INTERRUPTED}, with no verdict and no
 * stack trace. Thrown where the JDK itself would throw "Shutdown in progress".
 */
public final class Interrupted extends RuntimeException {
    public Interrupted(String message) {
        super(message);
    }
}
