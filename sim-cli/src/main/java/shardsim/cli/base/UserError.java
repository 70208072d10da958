package shardsim.cli.base;

/**
 * Bad usage or bad input: the message is printed as one line on stderr and the command exits
 * with {@link ExitCodes#BAD_INPUT}. Never used for bugs in the simulator.
 */
public final class UserError extends RuntimeException {
    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
