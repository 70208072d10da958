package shardsim.cli;

import java.util.ArrayList;
import java.util.List;
import shardsim.cli.io.Json;
import shardsim.cli.io.LineCheck;
import tools.jackson.databind.node.ObjectNode;

/** Test helper: rewrites a trace's check chain after an edit, making a self-consistent forgery. */
final class Traces {
    private Traces() {}

    /** The lines with every check recomputed (the header's lastCheck included). */
    static List<String> reseal(List<String> lines) {
        List<String> out = new ArrayList<>();
        String previous = "";
        for (String line : lines.subList(1, lines.size())) {
            ObjectNode o = Json.object(line, "event");
            o.remove(LineCheck.FIELD);
            String body = Json.line(o);
            previous = LineCheck.next(previous, body);
            out.add(LineCheck.seal(body, previous));
        }
        ObjectNode h = Json.object(lines.get(0), "header");
        h.remove(LineCheck.FIELD);
        h.put("lastCheck", previous);
        String body = Json.line(h);
        out.add(0, LineCheck.seal(body, LineCheck.next("", body)));
        return out;
    }
}
