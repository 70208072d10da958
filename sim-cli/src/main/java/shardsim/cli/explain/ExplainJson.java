package shardsim.cli.explain;

import shardsim.cli.io.Json;
import shardsim.cli.io.TraceFile;
import shardsim.core.trace.TraceEvent;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sim explain --json}: one object. */
public final class ExplainJson {
    private ExplainJson() {}

    public static ObjectNode of(Explanation x, int threads, String command) {
        Original o = x.original();
        ObjectNode j = Json.MAPPER.createObjectNode();
        j.put("scenario", o.spec().scenario());
        j.put("mode", o.spec().mode());
        j.put("plan", o.spec().plan());
        j.put("seed", o.spec().seed());
        j.put("invariant", x.invariant());
        ObjectNode p = j.putObject("parameters");
        p.put("k", x.params().k());
        p.put("coarsePoints", x.params().coarse());
        p.put("maxPoints", x.params().maxPoints());
        p.put("jump", x.params().jump());
        p.put("noReturn", ExplainParams.NO_RETURN);
        p.put("unlikely", ExplainParams.UNLIKELY);
        p.put("threads", threads);
        ObjectNode orig = j.putObject("original");
        orig.put("events", o.result().events());
        orig.put("digest", o.result().digestHex());
        orig.put("violationEvent", o.violation().eventNumber());
        orig.put("violationMicros", o.violation().timeMicros());
        ObjectNode runParams = orig.putObject("params");
        o.result().params().forEach(runParams::put);
        ArrayNode curve = j.putArray("curve");
        for (CurvePoint c : x.points()) {
            curve.add(point(c));
        }
        j.put("nothingRandom", x.nothingRandom());
        j.set("pointOfNoReturn", x.noReturn() == null ? null : point(x.noReturn()));
        j.set("beforePointOfNoReturn", x.beforeNoReturn() == null ? null : point(x.beforeNoReturn()));
        j.set("lastUnlikely", x.lastUnlikely() == null ? null : point(x.lastUnlikely()));
        ArrayNode decisive = j.putArray("decisiveEvents");
        for (TraceEvent e : x.decisive()) {
            decisive.add(TraceFile.eventJson(e));
        }
        j.set("steepestRiseFrom", x.jumpFrom() == null ? null : point(x.jumpFrom()));
        j.set("steepestRiseTo", x.jumpTo() == null ? null : point(x.jumpTo()));
        ArrayNode jump = j.putArray("steepestRiseEvents");
        for (TraceEvent e : x.jumpEvents()) {
            jump.add(TraceFile.eventJson(e));
        }
        j.put("runs", x.runs());
        j.put("command", command);
        return j;
    }

    private static ObjectNode point(CurvePoint c) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("event", c.event());
        n.put("timeMicros", c.timeMicros());
        n.put("failing", c.failing());
        n.put("k", c.k());
        n.put("fraction", c.fraction());
        n.put("distinctRuns", c.distinct());
        return n;
    }
}
