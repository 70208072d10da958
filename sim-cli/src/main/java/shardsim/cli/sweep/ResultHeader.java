package shardsim.cli.sweep;

import java.util.List;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Json;
import shardsim.cli.io.LineCheck;
import tools.jackson.databind.node.ObjectNode;

/**
 * The first line of a result file: what every seed line of the file shares (scenario, mode, plan,
 * and the sweep: plan digest, seed range, shard), written once instead of on every line, and
 * ending with its own check {@code "c"}.
 */
public record ResultHeader(String scenario, String mode, String plan, SweepOf sweep) {
    /** The value of the header's {@code format} field; files of another format are refused. */
    public static final String FORMAT = "shardsim-sweep/5";

    private static final List<String> FIELDS =
            List.of("format", "scenario", "mode", "plan", "planDigest", "seeds", "shard", LineCheck.FIELD);

    public ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("format", FORMAT);
        o.put("scenario", scenario);
        o.put("mode", mode);
        o.put("plan", plan);
        o.put("planDigest", sweep.planDigest());
        o.put("seeds", sweep.seeds());
        o.put("shard", sweep.shard());
        return o;
    }

    /**
     * The header as written: its JSON sealed with a check ({@link LineCheck}, as a trace's lines
     * are), so that a header edited by hand (a mode changed from buggy to fixed) is refused
     * instead of trusted.
     */
    public String line() {
        String body = Json.line(toJson());
        return LineCheck.seal(body, LineCheck.next("", body));
    }

    /** "drop-after-clone mode fixed plan random". */
    public String runsOf() {
        return scenario + " mode " + mode + " plan " + plan;
    }

    /** @param file how errors name the file ("result file r.jsonl") */
    public static ResultHeader parse(String line, String file) {
        String where = file + " line 1";
        ObjectNode o = Json.object(line, where);
        if (!o.has("format")) {
            if (o.has("seed") && o.has("scenario")) {
                // Before format 3 every line carried the sweep and the seed's own histograms.
                throw new UserError(file
                        + " was written by an older sim (one object per seed, no header line); this sim reads format "
                        + FORMAT + " only: run the sweep again, or summarize it with the sim that wrote it");
            }
            throw new UserError(where + " is not the header of a sweep result file (no field 'format')");
        }
        String format = Json.text(o, "format", where);
        if (format.equals("shardsim-sweep/3")) {
            // Format 3's checkpoints hold no state coverage: read on, its summary would count none.
            throw new UserError(
                    file + " is of format 'shardsim-sweep/3' (checkpoints without state coverage); this sim reads "
                            + FORMAT + " only: run the sweep again, or summarize it with the sim that wrote it");
        }
        if (format.equals("shardsim-sweep/4")) {
            // Format 4 kept every broken invariant under 'x', gaps and claims alike.
            throw new UserError(file
                    + " is of format 'shardsim-sweep/4' (known gaps not kept apart from broken claims); this sim reads "
                    + FORMAT + " only: run the sweep again, or summarize it with the sim that wrote it");
        }
        if (!format.equals(FORMAT)) {
            throw new UserError(file + " is of format '" + shardsim.cli.io.Text.oneLine(format) + "', this sim reads "
                    + FORMAT + " only");
        }
        Json.onlyFields(o, where, FIELDS);
        String carried = LineCheck.carried(line);
        if (carried == null) {
            throw new UserError(where + " carries no check field \"" + LineCheck.FIELD
                    + "\" at its end: the header was edited, or written by an older sim");
        }
        if (!carried.equals(LineCheck.next("", LineCheck.body(line)))) {
            throw new UserError(where
                    + " does not match its check: the header was edited; run the sweep again rather than trust it");
        }
        SweepOf sweep = new SweepOf(
                Json.text(o, "planDigest", where), Json.text(o, "seeds", where), Json.text(o, "shard", where));
        SeedRange.parse(sweep.seeds());
        Shard.parse(sweep.shard());
        return new ResultHeader(
                Json.text(o, "scenario", where), Json.text(o, "mode", where), Json.text(o, "plan", where), sweep);
    }
}
