package shardsim.cli.docs;

import java.util.List;
import java.util.Map;

/**
 * One {@code ./sim ...} command as a document writes it.
 *
 * @param where file and line, for messages
 * @param text the command as written (environment prefix included)
 * @param env variables set before {@code ./sim} (for example SIM_CLASSPATH)
 * @param args the arguments after {@code ./sim}
 * @param expectedExit the exit code a comment on its line gives ({@code # exit 1}), or null: 0 or 1
 * @param inline whether it is inline code in prose (a code block's line otherwise)
 */
public record DocCommand(
        String where, String text, Map<String, String> env, List<String> args, Integer expectedExit, boolean inline) {
    public DocCommand {
        env = Map.copyOf(env);
        args = List.copyOf(args);
    }

    /** The subcommand's name, or "" for a bare {@code ./sim}. */
    public String command() {
        return args.isEmpty() ? "" : args.get(0);
    }

    /**
     * Whether prose names a command rather than gives one: inline {@code ./sim} alone, or with only
     * a subcommand ("{@code ./sim run} runs one seed"). Only the subcommand's name is checked.
     */
    public boolean nameOnly() {
        return inline && args.size() <= 1;
    }

    /** The value of an option written {@code --name V} or {@code --name=V}, or null. */
    public String option(String name) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(name) && i + 1 < args.size()) {
                return args.get(i + 1);
            }
            if (a.startsWith(name + "=")) {
                return a.substring(name.length() + 1);
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return where + ": " + text;
    }
}
