package shardsim.cli.explore;

import java.io.PrintStream;
import java.util.List;
import shardsim.cli.io.Json;
import shardsim.cli.io.Text;
import shardsim.core.check.Violation;
import shardsim.core.coverage.StateSpace;
import shardsim.core.explore.ExploreConfig;
import shardsim.core.explore.ExploreResult;
import shardsim.core.explore.Finding;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Verdict;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** An exploration's summary, as text or as one JSON object. */
public final class ExploreSummary {
    private final ExploreConfig config;
    private final ExploreResult result;
    private final List<FindingFiles.Written> written;
    private final int threads;
    private final double seconds;

    public ExploreSummary(
            ExploreConfig config,
            ExploreResult result,
            List<FindingFiles.Written> written,
            int threads,
            double seconds) {
        this.config = config;
        this.result = result;
        this.written = List.copyOf(written);
        this.threads = threads;
        this.seconds = seconds;
    }

    public void text(PrintStream o) {
        ExploreConfig c = config;
        ExploreResult r = result;
        o.println("explore " + c.scenario().name() + "  mode " + c.mode() + "  fresh plans from " + c.plan() + "  seed "
                + c.seed() + "  budget " + c.runs() + " runs"
                + "  fresh " + c.limits().freshPerMille() + "/1000" + (c.stopAtFirstFailure() ? "  stop on first" : "")
                + (r.stopped() ? " (INTERRUPTED after " + r.runs() + " runs)" : ""));
        o.println("runs: " + r.runs() + " (" + r.freshRuns() + " fresh plans of " + c.plan()
                + (r.freshRuns() == 0 ? "" : " seeds " + c.seed() + ".." + (c.seed() + r.freshRuns() - 1)) + ", "
                + (r.runs() - r.freshRuns()) + " mutants)");
        o.println("corpus: " + r.corpusSize() + " plans kept (at most "
                + c.limits().maxCorpus() + ")");
        o.println(
                "coverage: " + r.tally().stateCount() + " states, " + r.tally().transitionCount() + " transitions"
                        + (r.tally().spaces().isEmpty()
                                ? " (the scenario declares no state abstraction: every candidate is a fresh plan)"
                                : ""));
        for (StateSpace s : r.tally().spaces()) {
            o.println("  " + s.name() + ": " + r.tally().stateRuns(s.name()).size() + " of " + s.size() + " states, "
                    + r.tally().transitionRuns(s.name()).size() + " transitions");
        }
        if (r.failingRuns() == 0) {
            o.println("failures: none");
        } else {
            o.println("failures: " + r.failingRuns() + " failing runs, the first at run " + r.firstFailureRun() + "; "
                    + r.findings().size() + " distinct:");
        }
        for (FindingFiles.Written w : written) {
            Finding f = w.finding();
            o.println("  " + f.signature() + ": first at run " + f.run() + " (" + f.count() + " run"
                    + (f.count() == 1 ? "" : "s") + "), seed " + f.seed() + ", from " + Text.oneLine(f.origin()));
            if (f.error() != null) {
                o.println("    threw: " + Text.oneLine(f.error()));
            }
            Verdict verdict = verdict(f);
            for (Violation v : f.violations()) {
                o.println("    " + (verdict.gaps().contains(v) ? "gap " : "claim ") + Text.oneLine(v.render()));
            }
            o.println("    plan written to " + w.file());
            o.println("    reproduce: " + w.reproduce());
            if (w.shrink() != null) {
                o.println("    shrink:    " + w.shrink());
            }
        }
        StringBuilder m = new StringBuilder("mutations (candidates, of which reached something new):");
        for (ExploreResult.MutationUse u : r.mutations()) {
            m.append(' ')
                    .append(u.mutation())
                    .append(' ')
                    .append(u.candidates())
                    .append('/')
                    .append(u.reachedNew());
        }
        o.println(m);
        o.printf(
                "%d runs in %.1f s on %d thread%s (%.1f runs/s)%n",
                r.runs(), seconds, threads, threads == 1 ? "" : "s", r.runs() / Math.max(seconds, 1e-9));
    }

    /** A finding's violations judged as its run is: claims apart from known gaps. */
    private Verdict verdict(Finding f) {
        String scenario = config.scenario().name();
        return Verdict.of(
                config.scenario()
                        .claims()
                        .of(Verdict.modesOf(RunSpec.custom(scenario, config.mode(), f.plan(), f.seed()))),
                f.violations());
    }

    public ObjectNode json() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("scenario", config.scenario().name());
        o.put("mode", config.mode());
        o.put("plan", config.plan());
        o.put("seed", config.seed());
        o.put("budget", config.runs());
        o.put("freshPerMille", config.limits().freshPerMille());
        o.put("stopOnFirst", config.stopAtFirstFailure());
        o.put("runs", result.runs());
        o.put("freshRuns", result.freshRuns());
        o.put("corpus", result.corpusSize());
        o.put("states", result.tally().stateCount());
        o.put("transitions", result.tally().transitionCount());
        ArrayNode spaces = o.putArray("spaces");
        for (StateSpace s : result.tally().spaces()) {
            ObjectNode e = spaces.addObject();
            e.put("name", s.name());
            e.put("size", s.size());
            e.put("states", result.tally().stateRuns(s.name()).size());
            e.put("transitions", result.tally().transitionRuns(s.name()).size());
        }
        o.put("failingRuns", result.failingRuns());
        o.put("firstFailureRun", result.firstFailureRun());
        ArrayNode fs = o.putArray("findings");
        for (FindingFiles.Written w : written) {
            Finding f = w.finding();
            ObjectNode e = fs.addObject();
            e.put("signature", f.signature());
            e.put("run", f.run());
            e.put("count", f.count());
            e.put("seed", f.seed());
            e.put("origin", f.origin());
            if (f.error() != null) {
                e.put("error", f.error());
            }
            Json.verdict(e, verdict(f));
            e.put("planFile", w.file().toString());
            e.put("reproduce", w.reproduce());
            if (w.shrink() != null) {
                e.put("shrink", w.shrink());
            }
        }
        ArrayNode ms = o.putArray("mutations");
        for (ExploreResult.MutationUse u : result.mutations()) {
            ObjectNode e = ms.addObject();
            e.put("mutation", u.mutation());
            e.put("candidates", u.candidates());
            e.put("reachedNew", u.reachedNew());
        }
        ArrayNode growth = o.putArray("growth");
        for (ExploreResult.Growth g : result.growth()) {
            growth.addArray().add(g.run()).add(g.states()).add(g.transitions());
        }
        o.put("stopped", result.stopped());
        o.put("threads", threads);
        o.put("seconds", Math.round(seconds * 1000) / 1000.0);
        return o;
    }
}
