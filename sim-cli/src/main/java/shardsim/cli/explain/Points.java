package shardsim.cli.explain;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Text;
import shardsim.core.run.SimulatedScenario;
import shardsim.core.run.StagedRun;
import shardsim.core.trace.Micros;
import shardsim.core.trace.Trace;

/** {@code --at}: points given as event numbers ({@code 1234}) or virtual times ({@code 77.8s}, {@code 500ms}, {@code 20us}). */
public final class Points {
    private static final Pattern EVENT = Pattern.compile("[0-9]{1,18}");
    private static final Pattern TIME = Pattern.compile("([0-9]{1,13}(?:\\.[0-9]{1,6})?)(s|ms|us)");

    private Points() {}

    /**
     * The points as event numbers of the original run, sorted, without repeats. A time stands for
     * the last event at or before it, found by running the spec to that time.
     */
    public static List<Long> of(List<String> given, SimulatedScenario<?, ?, ?> scenario, Original o) {
        long events = o.result().events();
        long end = o.result().virtualMicros();
        TreeSet<Long> out = new TreeSet<>();
        for (String raw : given) {
            String s = raw.trim();
            if (EVENT.matcher(s).matches()) {
                long e = Long.parseLong(s);
                if (e > events) {
                    throw new UserError("--at " + s + ": the run has only " + events
                            + " events (points are event numbers 0.." + events + ")");
                }
                out.add(e);
            } else {
                long micros = micros(s);
                if (micros > end) {
                    throw new UserError("--at " + s + ": past the end of the run at t=" + Micros.format(end));
                }
                StagedRun<?, ?> run = scenario.stage(o.spec(), Trace.digestOnly());
                run.sim().runUntil(micros);
                out.add(run.sim().eventNumber());
            }
        }
        return List.copyOf(out);
    }

    private static long micros(String s) {
        Matcher m = TIME.matcher(s);
        if (!m.matches()) {
            throw new UserError(
                    "--at " + Text.oneLine(s) + ": not an event number or a virtual time such as 77.8s, 500ms or 20us");
        }
        BigDecimal scale = switch (m.group(2)) {
            case "s" -> BigDecimal.valueOf(Micros.SECOND);
            case "ms" -> BigDecimal.valueOf(1000);
            default -> BigDecimal.ONE;
        };
        return new BigDecimal(m.group(1))
                .multiply(scale)
                .setScale(0, RoundingMode.HALF_EVEN)
                .longValueExact();
    }
}
