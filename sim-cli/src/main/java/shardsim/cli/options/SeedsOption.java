package shardsim.cli.options;

import picocli.CommandLine.Option;
import shardsim.cli.sweep.SeedRange;

/** {@code --seeds A..B}: the seeds a command runs one by one. */
public final class SeedsOption {
    @Option(
            names = "--seeds",
            required = true,
            paramLabel = "A..B",
            description = "Inclusive seed range, for example 0..999.")
    String seeds;

    /** The range, or a one-line error saying what is wrong with it. */
    public SeedRange range() {
        return SeedRange.parse(seeds);
    }
}
