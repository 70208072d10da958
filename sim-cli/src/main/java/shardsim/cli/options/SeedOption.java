package shardsim.cli.options;

import picocli.CommandLine.Option;

/** {@code --seed}: the one seed a command runs. */
public final class SeedOption {
    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "The seed (default: the one the plan file names, else 0).")
    Long seed;

    /** The seed given, else the one the plan file names, else 0. */
    public long of(PlanChoice choice) {
        return choice.seed(seed);
    }
}
