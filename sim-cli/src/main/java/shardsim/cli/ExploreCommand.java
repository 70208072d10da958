package shardsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.UserError;
import shardsim.cli.explore.ExploreSummary;
import shardsim.cli.explore.FindingFiles;
import shardsim.cli.explore.ParallelRuns;
import shardsim.cli.io.Json;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.ModeOption;
import shardsim.cli.options.ProgressOption;
import shardsim.cli.options.ScenarioArg;
import shardsim.cli.options.SeedOption;
import shardsim.cli.options.SeededPlanOption;
import shardsim.cli.options.StopOnFirstOption;
import shardsim.cli.options.ThreadsOption;
import shardsim.cli.sweep.Progress;
import shardsim.core.explore.ExploreConfig;
import shardsim.core.explore.ExploreLimits;
import shardsim.core.explore.ExploreResult;
import shardsim.core.explore.Explorer;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.Scenario;

/**
 * {@code sim explore}: guided exploration of plans ({@link Explorer}). The search is the same for
 * any {@code --threads}; each failure found is written as a plan file that {@code sim run} replays
 * and {@code sim shrink} cuts down.
 */
@Command(
        name = "explore",
        description =
                "Search plans, not only seeds: mutate plans that reached new abstract states, and write each failure found as a plan file.")
public final class ExploreCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    ScenarioArg scenarioArg;

    @Mixin
    ModeOption mode;

    @Mixin
    SeededPlanOption plan;

    @Mixin
    SeedOption seed;

    @Option(
            names = "--runs",
            paramLabel = "N",
            defaultValue = "1000",
            description = "Candidate runs, fresh plans and mutants together (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--fresh-per-mille",
            paramLabel = "N",
            defaultValue = "" + ExploreLimits.DEFAULT_FRESH_PER_MILLE,
            description = {
                "Of the candidates after the first batch, how many per thousand are fresh plans of --plan (default: ${DEFAULT-VALUE});",
                "1000 makes every candidate fresh: a sweep of seeds --seed, --seed + 1, ..., counted the same way, to compare against."
            })
    int freshPerMille;

    @Mixin
    StopOnFirstOption stopOnFirst;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Folder for the plan files of the failures found, each written as it is found "
                    + "(default: sim-out/explore; a missing folder is made when its parent exists).")
    Path out;

    @Mixin
    ThreadsOption threads;

    @Mixin
    JsonOption json;

    @Mixin
    ProgressOption progress;

    public ExploreCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        Scenario scenario = scenarioArg.in(ctx.registry());
        String m = mode.of(scenario);
        String p = plan.drawnFromTheSeed(scenario, Plans.RANDOM, "explore");
        long x = seed.of(plan.choose(scenario, p));
        if (runs < 1 || runs > ExploreConfig.MAX_RUNS) {
            throw new UserError("--runs must be between 1 and " + ExploreConfig.MAX_RUNS + ", got " + runs);
        }
        if (x < 0 || x > Long.MAX_VALUE - ExploreConfig.MAX_RUNS) {
            throw new UserError(
                    "--seed must be between 0 and " + (Long.MAX_VALUE - ExploreConfig.MAX_RUNS) + ", got " + x);
        }
        if (freshPerMille < 0 || freshPerMille > 1_000) {
            throw new UserError("--fresh-per-mille must be between 0 and 1000, got " + freshPerMille);
        }
        int t = threads.count();
        long everySeconds = progress.seconds();
        FindingFiles files = new FindingFiles(out, scenario.name(), m, x);
        ExploreConfig config = new ExploreConfig(
                scenario, m, p, x, runs, stopOnFirst.on(), ExploreLimits.DEFAULTS.withFreshPerMille(freshPerMille));
        long t0 = System.nanoTime();
        ExploreResult result;
        try (OnSignal signal = new OnSignal("explore");
                ParallelRuns runner = new ParallelRuns(scenario, t)) {
            try (Progress bar = new Progress(ctx.err(), ctx.terminal(), runs, everySeconds, "explore", "runs")) {
                result = new Explorer(config)
                        .explore(
                                runner,
                                new Explorer.Listener() {
                                    @Override
                                    public void merged(
                                            int run,
                                            shardsim.core.explore.Outcome outcome,
                                            boolean failing,
                                            int fresh) {
                                        bar.step(!failing);
                                    }

                                    @Override
                                    public void found(shardsim.core.explore.Finding f) {
                                        try {
                                            files.write(f);
                                        } catch (IOException e) {
                                            throw new java.io.UncheckedIOException(e);
                                        }
                                    }
                                },
                                signal::signalled);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            ExploreSummary summary = new ExploreSummary(config, result, files.written(result.findings()), t, seconds);
            if (result.stopped()) {
                ctx.err()
                        .println("sim explore: interrupted after " + result.runs() + " of " + runs + " runs; the "
                                + result.findings().size()
                                + " failure(s) found are written, and no verdict is given for the runs not done");
            }
            if (json.on()) {
                ctx.out().println(Json.line(summary.json()));
            } else {
                summary.text(ctx.out());
            }
            ctx.out().flush();
            if (result.stopped()) {
                return ExitCodes.INTERRUPTED;
            }
        }
        return result.foundFailure() ? ExitCodes.VIOLATION : ExitCodes.OK;
    }
}
