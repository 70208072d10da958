package shardsim.cli.options;

import picocli.CommandLine.Option;
import shardsim.cli.base.UserError;

/** The hidden {@code --progress-seconds}: how often a long command prints a status line when stderr is not a terminal (tests shorten it). */
public final class ProgressOption {
    @Option(names = "--progress-seconds", hidden = true, defaultValue = "5")
    long progressSeconds;

    public long seconds() {
        if (progressSeconds < 1) {
            throw new UserError("--progress-seconds must be at least 1");
        }
        return progressSeconds;
    }
}
