package shardsim.cli.options;

import picocli.CommandLine.Option;
import shardsim.cli.base.ExitCodes;

/**
 * {@code --fail-on-gaps}: a known gap (an invariant the mode does not claim, shown as a finding)
 * fails the command too, for someone who wants to track it. Without it only a broken claim fails.
 */
public final class GapsOption {
    @Option(
            names = "--fail-on-gaps",
            description =
                    "Exit 1 when a known gap shows too (an invariant the mode does not claim), not only when a claim breaks.")
    boolean failOnGaps;

    public boolean on() {
        return failOnGaps;
    }

    /** The exit code of a verdict ({@link ExitCodes#verdict}). */
    public int exitCode(boolean claimBroken, boolean gapSeen) {
        return ExitCodes.verdict(claimBroken, gapSeen, failOnGaps);
    }
}
