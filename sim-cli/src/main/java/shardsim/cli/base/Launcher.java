package shardsim.cli.base;

import shardsim.core.scenario.ShellWords;

/**
 * How a command line the tool prints for pasting starts: {@code ./sim}, preceded by the
 * {@code SIM_CLASSPATH} this process was started with, so that a line naming a scenario loaded
 * from outside the build reproduces as pasted.
 */
public final class Launcher {
    /** The environment variable {@code ./sim} adds to the class path. */
    public static final String CLASS_PATH_VARIABLE = "SIM_CLASSPATH";

    private Launcher() {}

    /** {@code "./"} or {@code "SIM_CLASSPATH=... ./"}: what goes before a {@code sim ...} command. */
    public static String prefix() {
        return prefix(System.getenv(CLASS_PATH_VARIABLE));
    }

    static String prefix(String classPath) {
        return classPath == null || classPath.isBlank()
                ? "./"
                : CLASS_PATH_VARIABLE + "=" + ShellWords.join(classPath) + " ./";
    }
}
