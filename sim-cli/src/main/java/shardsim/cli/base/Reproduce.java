package shardsim.cli.base;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.ShellWords;

/**
 * The command lines that repeat a run, written here in the front end rather than by the kernel's
 * {@link RunSpec}, which knows nothing of flags: {@code sim run SCENARIO --mode M --plan P --seed N}
 * plus its {@code --node-mode} pairs, quoted for a POSIX shell.
 */
public final class Reproduce {
    private Reproduce() {}

    /** The command line that reproduces {@code spec} exactly (without the launcher's prefix). */
    public static String command(RunSpec spec) {
        List<String> words = new ArrayList<>(List.of(
                "sim",
                "run",
                spec.scenario(),
                "--mode",
                spec.mode(),
                "--plan",
                spec.plan(),
                "--seed",
                Long.toString(spec.seed())));
        words.addAll(nodeModeArgs(spec));
        return ShellWords.join(words.toArray(String[]::new));
    }

    /** {@code --node-mode NAME=MODE} for each of the spec's node modes, in name order (unquoted words). */
    public static List<String> nodeModeArgs(RunSpec spec) {
        List<String> words = new ArrayList<>();
        for (Map.Entry<String, String> e : spec.nodeModes().entrySet()) {
            words.add("--node-mode");
            words.add(e.getKey() + "=" + e.getValue());
        }
        return words;
    }
}
