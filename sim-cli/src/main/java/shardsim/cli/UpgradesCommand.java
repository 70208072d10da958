package shardsim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.Launcher;
import shardsim.cli.base.UserError;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.Json;
import shardsim.cli.io.PlanFile;
import shardsim.cli.options.GapsOption;
import shardsim.cli.options.JsonOption;
import shardsim.cli.options.PlanChoice;
import shardsim.cli.options.ProgressOption;
import shardsim.cli.options.RolloutOption;
import shardsim.cli.options.ScenarioArg;
import shardsim.cli.options.SeededPlanOption;
import shardsim.cli.options.SeedsOption;
import shardsim.cli.options.ThreadsOption;
import shardsim.cli.shrink.ParallelShrink;
import shardsim.cli.sweep.Progress;
import shardsim.cli.sweep.SeedRange;
import shardsim.cli.upgrades.OrderTally;
import shardsim.cli.upgrades.UpgradeSweep;
import shardsim.cli.upgrades.UpgradeText;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.rollout.Order;
import shardsim.core.rollout.Outcome;
import shardsim.core.rollout.Rollout;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ShellWords;
import shardsim.core.shrink.ShrinkBudget;
import shardsim.core.shrink.ShrinkResult;
import shardsim.core.trace.Micros;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sim upgrades}: every rollout order of a fix over a seed range, and which orders are safe. */
@Command(
        name = "upgrades",
        description = {
            "Roll a fix out in every order the world's roles allow, over a range of seeds, and say which orders are safe.",
            "The orders: all at once, each role first, node by node, and a rollback. Per order the failing runs before the first step, in the mixed",
            "window and after the last step.",
            "An order is unsafe if a seed fails (a claim of the codes it runs breaks) from its first step on while the same plan with its steps as restarts",
            "on the old code holds; exit 1 if any is (or, with --fail-on-gaps, if a known gap shows).",
            "Each order's smallest seed failing from its first step on is written as a plan file, shrunk, and printed with the command that reproduces it."
        })
public final class UpgradesCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    ScenarioArg scenarioArg;

    @Mixin
    RolloutOption rollout;

    @Mixin
    SeededPlanOption plan;

    @Mixin
    SeedsOption seeds;

    @Mixin
    ThreadsOption threads;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Folder for the plan files of the smallest failing seeds and their shrunk plans "
                    + "(default: sim-out/upgrades; a missing folder is made when its parent exists).")
    Path out;

    /** The folder every command that writes several files uses by default, one sub-folder each. */
    static final String DEFAULT_OUT = "sim-out";

    @Option(
            names = "--force",
            description = "Overwrite plan files of an earlier sim upgrades of this scenario in --out.")
    boolean force;

    @Option(
            names = "--shrink-runs",
            paramLabel = "N",
            defaultValue = "400",
            description =
                    "Most runs spent shrinking each unsafe order's smallest failing seed; 0 to not shrink (default: ${DEFAULT-VALUE}).")
    int shrinkRuns;

    @Mixin
    JsonOption json;

    @Mixin
    GapsOption gaps;

    @Mixin
    ProgressOption progress;

    public UpgradesCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        Scenario scenario = scenarioArg.in(ctx.registry());
        String from = rollout.from(scenario);
        String to = rollout.to(scenario);
        if (from.equals(to)) {
            throw new UserError("--from and --to are both '" + from + "': a rollout moves to other code");
        }
        String base = plan.drawnFromTheSeed(scenario, Plans.RANDOM, "upgrades");
        SeedRange range = seeds.range();
        int t = threads.count();
        if (shrinkRuns < 0 || shrinkRuns > 100_000) {
            throw new UserError("--shrink-runs must be between 0 and 100000, got " + shrinkRuns);
        }
        RunSpec first = RunRequest.builtIn(scenario, base).spec(from, range.first());
        Map<String, List<String>> roles = worldRoles(scenario, first);
        if (scenario.faultWindow(first).isEmpty()) {
            throw new UserError(
                    scenario.name()
                            + " does not say when its faults fall (Scenario.faultWindow), so sim upgrades cannot place a rollout");
        }
        Map<String, String> unrollable = scenario.unrollableRoles(first);
        Map<String, List<String>> rollable = scenario.rolloutRoles(first);
        if (rollable.isEmpty()) {
            throw new UserError(String.join("; ", unrollable.values()) + ": nothing to roll out");
        }
        List<Order> orders = Order.of(rollable);
        Path folder = folder();
        checkOut(scenario, orders, folder);
        for (String why : unrollable.values()) {
            ctx.err().println("sim upgrades: " + why + "; the orders leave it out");
        }
        UpgradeSweep sweep = new UpgradeSweep(scenario, base, from, to, orders);
        long t0 = System.nanoTime();
        // One hook for the whole command: the JVM stops only once what was done is printed.
        try (OnSignal signal = new OnSignal("upgrades")) {
            UpgradeSweep.Result result;
            try (Progress p =
                    new Progress(ctx.err(), ctx.terminal(), range.count(), progress.seconds(), "upgrades", "seeds")) {
                result = sweep.run(range.first(), range.last(), t, signal::signalled, p::step);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (result.seeds() < range.count()) {
                return interrupted(scenario, base, from, to, range, result, seconds, t);
            }
            List<Unsafe> unsafe = new ArrayList<>();
            for (OrderTally tally : result.tallies()) {
                if (tally.failingInRollout() > 0) {
                    unsafe.add(reproduce(scenario, from, tally, t, folder, signal));
                }
            }
            if (json.on()) {
                ctx.out().println(Json.line(json(scenario, base, from, to, range, roles, result, unsafe, seconds, t)));
            } else {
                text(scenario, base, from, to, range, roles, result, unsafe, seconds, t);
            }
            ctx.out().flush();
            return gaps.exitCode(
                    !result.tallies().stream().allMatch(OrderTally::safe),
                    result.tallies().stream().anyMatch(x -> !x.gaps().isEmpty()));
        }
    }

    /** The folder for plan files: --out, or sim-out/upgrades (made, with sim-out, if missing). */
    private Path folder() {
        if (out != null) {
            AtomicOutput.checkFolder(out, "--out: ");
            return out;
        }
        Path dflt = Path.of(DEFAULT_OUT, "upgrades");
        AtomicOutput.checkFolder(dflt.getParent(), "cannot write " + dflt + ": ");
        if (Files.isDirectory(dflt.getParent())) {
            AtomicOutput.checkFolder(dflt, "cannot write " + dflt + ": ");
        }
        return dflt;
    }

    /**
     * Stopped by a signal before every seed ran: what the finished seeds showed, counted, and no
     * verdict on any order, since an order's safety is a claim about every seed asked for.
     */
    private int interrupted(
            Scenario scenario,
            String base,
            String from,
            String to,
            SeedRange range,
            UpgradeSweep.Result r,
            double seconds,
            int t) {
        String done = r.seeds() == 0 ? "no seed" : "seeds " + range.first() + ".." + (range.first() + r.seeds() - 1);
        ctx.err()
                .println("sim upgrades: interrupted after " + r.seeds() + " of " + range.count()
                        + " seeds: no verdict on any order (" + done + " finished; the counts below are theirs)");
        if (json.on()) {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("scenario", scenario.name());
            o.put("from", from);
            o.put("to", to);
            o.put("plan", base);
            o.put("firstSeed", range.first());
            o.put("seedsAsked", range.count());
            o.put("seeds", r.seeds());
            o.put("interrupted", true);
            ArrayNode os = o.putArray("orders");
            for (OrderTally tally : r.tallies()) {
                ObjectNode x = os.addObject();
                x.put("order", tally.order().name());
                x.put("runs", tally.runs());
                ObjectNode f = x.putObject("failing");
                for (Rollout.Window w : Rollout.Window.values()) {
                    f.put(w.label(), tally.failing(w));
                }
                x.put("notOnOldCode", tally.introduced());
            }
            ctx.out().println(Json.line(o));
        } else {
            PrintStream o = ctx.out();
            o.println("upgrades " + scenario.name() + "  from " + from + " to " + to + "  plan " + base
                    + "  INTERRUPTED after " + r.seeds() + " of " + range.count() + " seeds (" + done
                    + "): no verdict");
            if (r.seeds() > 0) {
                UpgradeText.table(o, r, false);
            }
            o.printf(
                    "%d seeds x %d orders in %.1f s on %d thread%s%n",
                    r.seeds(), r.tallies().size(), seconds, t, t == 1 ? "" : "s");
        }
        ctx.out().flush();
        return ExitCodes.INTERRUPTED;
    }

    private static Map<String, List<String>> worldRoles(Scenario scenario, RunSpec spec) {
        Map<String, List<String>> roles;
        try {
            roles = scenario.worldRoles(spec);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if (roles.isEmpty()) {
            throw new UserError(
                    scenario.name()
                            + " does not say which nodes and roles its world has (Scenario.worldRoles), so sim upgrades has nothing to roll out");
        }
        PlanChoice.checkWorld(scenario, spec);
        return roles;
    }

    /** The plan files this command writes must not overwrite an earlier run's unless told; checked before the first seed. */
    private void checkOut(Scenario scenario, List<Order> orders, Path folder) throws IOException {
        if (force || !Files.isDirectory(folder)) {
            return;
        }
        try (var files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                for (Order o : orders) {
                    if (name.startsWith(scenario.name() + "-" + o.name() + "-seed-") && name.endsWith(".json")) {
                        throw new UserError(
                                f
                                        + " exists from an earlier sim upgrades: add --force to overwrite, or give another --out");
                    }
                }
            }
        }
    }

    /** An unsafe order's smallest failing seed, written and shrunk. */
    private record Unsafe(OrderTally tally, Outcome outcome, Path planFile, ShrinkResult shrunk, Path shrunkFile) {
        String command(Path file, String from) {
            return Launcher.prefix()
                    + ShellWords.join(
                            "sim",
                            "run",
                            outcome.rollout().spec().scenario(),
                            "--mode",
                            from,
                            "--plan",
                            file.toString());
        }
    }

    private Unsafe reproduce(Scenario scenario, String from, OrderTally tally, int t, Path folder, OnSignal signal)
            throws IOException {
        Outcome o = tally.smallest();
        long seed = o.rollout().spec().seed();
        String stem = scenario.name() + "-" + tally.order().name() + "-seed-" + seed;
        if (out == null) {
            AtomicOutput.makeFolder(folder.getParent());
        }
        Path planFile = folder.resolve(stem + ".json");
        CustomPlan plan = o.rollout().spec().custom().withSource(planFile.toString());
        write(planFile, plan, scenario, seed);
        if (shrinkRuns == 0) {
            return new Unsafe(tally, o, planFile, null, null);
        }
        Path shrunkFile = folder.resolve(stem + "-shrunk.json");
        ShrinkResult r = ParallelShrink.shrink(
                scenario,
                from,
                seed,
                plan,
                o.first().invariant(),
                new ShrinkBudget(shrinkRuns, signal::signalled),
                t,
                (runs, f, ops) -> {});
        write(shrunkFile, r.shrunk().withSource(shrunkFile.toString()), scenario, seed);
        return new Unsafe(tally, o, planFile, r, shrunkFile);
    }

    private void write(Path file, CustomPlan plan, Scenario scenario, long seed) throws IOException {
        try (AtomicOutput w = AtomicOutput.create(file)) {
            w.writer().write(PlanFile.toJson(plan, scenario.name(), seed).toPrettyString());
            w.writer().write("\n");
            w.commit();
        }
    }

    private static long upgrades(CustomPlan p) {
        return p.faults().faults().stream()
                .filter(f -> f.fault() instanceof NodeFault.CodeChange)
                .count();
    }

    private void text(
            Scenario scenario,
            String base,
            String from,
            String to,
            SeedRange range,
            Map<String, List<String>> roles,
            UpgradeSweep.Result r,
            List<Unsafe> unsafe,
            double seconds,
            int t) {
        PrintStream o = ctx.out();
        o.println("upgrades " + scenario.name() + "  from " + from + " to " + to + "  plan " + base + "  seeds "
                + range.first() + ".." + (range.first() + r.seeds() - 1));
        List<String> parts = new ArrayList<>();
        roles.forEach((role, nodes) -> parts.add(role + " (" + String.join(", ", nodes) + ")"));
        o.println("roles: " + String.join("; ", parts) + "   (world of seed " + range.first() + ")");
        o.println(
                "a run fails in the window of its first violation of an invariant its codes claim; not on old code: failing from the first step on while the");
        o.println("same plan with every step a restart on the " + from
                + " code holds (an order with any is unsafe); clean: every step applied, no such violation");
        UpgradeText.table(o, r);
        for (OrderTally tally : r.tallies()) {
            o.println(tally.order().name() + ": " + tally.order().summary() + " (seed " + range.first() + ": "
                    + tally.order().describe() + ")");
            o.println("  by invariant: before "
                    + UpgradeText.invariants(tally.byInvariant().get("before")) + "; mixed "
                    + UpgradeText.invariants(tally.byInvariant().get("mixed"))
                    + "; after " + UpgradeText.invariants(tally.byInvariant().get("after"))
                    + (tally.gaps().isEmpty()
                            ? ""
                            : "; known gaps (findings, not failures) " + UpgradeText.invariants(tally.gaps()))
                    + (tally.skippedSteps() == 0
                            ? ""
                            : "; steps skipped (node down for good) " + tally.skippedSteps()));
        }
        for (Unsafe u : unsafe) {
            Outcome oc = u.outcome();
            o.println((u.tally().safe() ? "old code's failure in " : "unsafe ")
                    + u.tally().order().name() + ": smallest failing seed "
                    + oc.rollout().spec().seed() + ", " + oc.first().invariant() + " at t="
                    + Micros.format(oc.first().timeMicros()) + " ("
                    + oc.window().label() + "; steps "
                    + Micros.format(oc.rollout().firstStepMicros()) + ".."
                    + Micros.format(oc.rollout().lastStepMicros())
                    + (oc.oldCodeHolds()
                            ? "; the same restarts on the old code hold"
                            : "; the same restarts on the old code fail too")
                    + ")");
            o.println("  steps:     " + oc.rollout().order().describe());
            o.println("  plan:      " + u.planFile());
            o.println("  reproduce: "
                    + u.command(u.planFile(), oc.rollout().spec().mode()));
            if (u.shrunk() != null) {
                ShrinkResult s = u.shrunk();
                o.println("  shrunk:    " + u.shrunkFile() + " ("
                        + s.shrunk().faults().size() + " faults, of them " + upgrades(s.shrunk())
                        + " upgrades or downgrades; " + s.shrunk().operationCount() + " operations; "
                        + (s.minimal() ? "minimal" : "shrink budget ran out") + ")");
                for (TimedFault f : s.shrunk().faults().faults()) {
                    if (f.fault() instanceof NodeFault.CodeChange) {
                        o.println("    t=" + Micros.format(f.atMicros()) + "  " + f.fault());
                    }
                }
                if (upgrades(s.shrunk()) == 0) {
                    o.println(
                            "    it needs no code change: the old code's own bug, reached on the timeline the rollout made");
                }
                o.println("  reproduce: "
                        + u.command(u.shrunkFile(), oc.rollout().spec().mode()));
            }
        }
        o.printf(
                "%d seeds x %d orders in %.1f s on %d thread%s%n",
                r.seeds(), r.tallies().size(), seconds, t, t == 1 ? "" : "s");
    }

    private ObjectNode json(
            Scenario scenario,
            String base,
            String from,
            String to,
            SeedRange range,
            Map<String, List<String>> roles,
            UpgradeSweep.Result r,
            List<Unsafe> unsafe,
            double seconds,
            int t) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("scenario", scenario.name());
        o.put("from", from);
        o.put("to", to);
        o.put("plan", base);
        o.put("firstSeed", range.first());
        o.put("seeds", r.seeds());
        ObjectNode rs = o.putObject("roles");
        roles.forEach((role, nodes) -> nodes.forEach(rs.putArray(role)::add));
        ArrayNode os = o.putArray("orders");
        for (OrderTally tally : r.tallies()) {
            ObjectNode x = os.addObject();
            x.put("order", tally.order().name());
            x.put("summary", tally.order().summary());
            x.put("stepsOfFirstSeed", tally.order().describe());
            x.put("runs", tally.runs());
            ObjectNode f = x.putObject("failing");
            ObjectNode by = x.putObject("byInvariant");
            for (Rollout.Window w : Rollout.Window.values()) {
                f.put(w.label(), tally.failing(w));
                ObjectNode m = by.putObject(w.label());
                tally.byInvariant().get(w.label()).forEach(m::put);
            }
            ObjectNode g = x.putObject("gaps");
            tally.gaps().forEach(g::put);
            x.put("notOnOldCode", tally.introduced());
            ObjectNode ib = x.putObject("notOnOldCodeByInvariant");
            tally.introducedBy().forEach(ib::put);
            x.put("clean", tally.clean());
            x.put("skippedSteps", tally.skippedSteps());
            x.put("safe", tally.safe());
            for (Unsafe u : unsafe) {
                if (u.tally() == tally) {
                    ObjectNode s = x.putObject("smallestFailing");
                    Outcome oc = u.outcome();
                    s.put("seed", oc.rollout().spec().seed());
                    s.put("invariant", oc.first().invariant());
                    s.put("window", oc.window().label());
                    s.put("oldCodeHolds", oc.oldCodeHolds());
                    s.put("atMicros", oc.first().timeMicros());
                    s.put("firstStepMicros", oc.rollout().firstStepMicros());
                    s.put("lastStepMicros", oc.rollout().lastStepMicros());
                    s.put("planFile", u.planFile().toString());
                    s.put("reproduce", u.command(u.planFile(), from));
                    if (u.shrunk() != null) {
                        ObjectNode sh = s.putObject("shrunk");
                        sh.put("planFile", u.shrunkFile().toString());
                        sh.put("faults", u.shrunk().shrunk().faults().size());
                        sh.put("codeChanges", upgrades(u.shrunk().shrunk()));
                        sh.put("operations", u.shrunk().shrunk().operationCount());
                        sh.put("minimal", u.shrunk().minimal());
                        sh.put("reproduce", u.command(u.shrunkFile(), from));
                    }
                }
            }
        }
        o.put("seconds", Math.round(seconds * 1000) / 1000.0);
        o.put("threads", t);
        return o;
    }
}
