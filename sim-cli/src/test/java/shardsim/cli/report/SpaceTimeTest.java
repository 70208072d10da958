package shardsim.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.End;
import shardsim.core.fault.NetFault;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;

/** The diagram of generated traces: long runs stay bounded, every mark is where the trace says. */
class SpaceTimeTest {
    private record Ping(long n) implements Message {}

    private static final Pattern HEIGHT = Pattern.compile("height=\"(\\d+)\" viewBox");

    /** A trace of {@code events} events: three nodes trading messages, long quiet gaps, faults, a violation at the end. */
    private static List<TraceEvent> longRun(int events) {
        List<TraceEvent> out = new ArrayList<>();
        String[] nodes = {"a", "b", "c"};
        long t = 0;
        long e = 0;
        long msg = 0;
        out.add(new TraceEvent(out.size(), t, e, "sim", new TraceData.Param("seed", "0")));
        while (out.size() < events - 2) {
            e++;
            // Every 50th step is followed by an hour of nothing: a quiet stretch to collapse.
            t += (e % 50 == 0) ? 3_600_000_000L : 1_000;
            String from = nodes[(int) (e % 3)];
            String to = nodes[(int) ((e + 1) % 3)];
            msg++;
            out.add(new TraceEvent(
                    out.size(),
                    t,
                    e,
                    from,
                    new TraceData.Send(new Envelope(msg, from, to, new Ping(msg), 0, false, t))));
            if (e % 97 == 0) {
                out.add(new TraceEvent(out.size(), t, e, from, new TraceData.NetDrop(msg, TraceData.Loss.LOST)));
            } else {
                if (e % 89 == 0) {
                    out.add(new TraceEvent(out.size(), t, e, from, new TraceData.Duplicate(msg)));
                    out.add(new TraceEvent(out.size(), t + 400, e, to, new TraceData.Deliver(msg, true)));
                }
                out.add(new TraceEvent(out.size(), t + 500, e, to, new TraceData.Deliver(msg, false)));
            }
            if (e % 200 == 0) {
                out.add(new TraceEvent(
                        out.size(), t, e, "faults", new TraceData.FaultApplied(new NetFault.Partition("a", "c"))));
                out.add(new TraceEvent(out.size(), t, e, "b", new TraceData.Crash(0)));
            }
            if (e % 200 == 20) {
                out.add(new TraceEvent(
                        out.size(),
                        t,
                        e,
                        "faults",
                        new TraceData.FaultApplied(new End(new NetFault.Partition("a", "c")))));
                out.add(new TraceEvent(out.size(), t, e, "b", new TraceData.Boot(true, 1)));
            }
            out.add(new TraceEvent(out.size(), t, e, to, new TraceData.Note("count " + msg)));
        }
        e++;
        out.add(new TraceEvent(
                out.size(),
                t,
                e,
                "check",
                new TraceData.Violation("P1", "b counted <script>alert(1)</script> & more")));
        out.add(new TraceEvent(out.size(), t, e + 1, "sim", new TraceData.Verdict(List.of("P1"), e + 1)));
        return out;
    }

    private static RunCapture capture(List<TraceEvent> events) {
        RunCapture cap = new RunCapture();
        events.forEach(cap::onEvent);
        return cap;
    }

    @Test
    void tenThousandEventsStayBoundedAndCollapse() {
        List<TraceEvent> run = longRun(10_000);
        assertTrue(run.size() >= 10_000 && run.size() < 10_010, "size " + run.size());
        RunCapture cap = capture(run);
        String svg = SpaceTime.inline(cap, "long");
        // The diagram ends with the violation's event: the verdict after it is not part of it.
        assertEquals(RunCapture.HEAD + RunCapture.TAIL, cap.drawn().size());
        assertEquals(
                run.size() - 2 - RunCapture.HEAD - RunCapture.TAIL,
                cap.omitted(),
                "every event but the parameter and the verdict is drawn or counted");
        assertTrue(
                svg.contains(String.format(java.util.Locale.ROOT, "%,d events from t=", cap.omitted())),
                "the middle is one labelled band");
        assertTrue(
                svg.contains("+3600.00") && svg.contains("s quiet"), "hour-long gaps are breaks, not hours of height");
        assertTrue(svg.length() < 400_000, "bounded size: " + svg.length());
        Matcher h = HEIGHT.matcher(svg);
        assertTrue(h.find());
        int height = Integer.parseInt(h.group(1));
        int rows = cap.drawn().size();
        assertTrue(
                height
                        <= SpaceTime.TOP
                                + rows * (SpaceTime.ROW + SpaceTime.BREAK)
                                + SpaceTime.OMITTED
                                + 2 * SpaceTime.ROW,
                "height " + height);
        assertTrue(svg.contains("class=\"msg lost\""), "a dropped message ends in a cross");
        assertTrue(svg.contains("class=\"msg copy"), "a duplicate is marked");
        assertTrue(svg.contains("class=\"down\""), "a crash is a band on its lane");
        assertTrue(svg.contains("class=\"cut\""), "a partition is a band on its lanes");
        assertTrue(svg.contains("class=\"violrow\""), "the violation is highlighted");

        // Ten times the events: the same bound.
        String bigger = SpaceTime.inline(capture(longRun(100_000)), "long");
        assertTrue(bigger.length() < 400_000, "bounded size: " + bigger.length());
    }

    @Test
    void everyStringFromTheRunIsEscaped() {
        RunCapture cap = capture(longRun(300));
        String svg = SpaceTime.inline(cap, "x");
        assertFalse(svg.contains("<script"), "escaped");
        assertTrue(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"));
        assertEquals("b", cap.involvedStates().keySet().iterator().next(), "the actor the message names is involved");
    }

    @Test
    void arrowsGoFromTheSendToTheDelivery() {
        List<TraceEvent> run = List.of(
                new TraceEvent(0, 0, 1, "a", new TraceData.Send(new Envelope(1, "a", "b", new Ping(1), 1, false, 0))),
                new TraceEvent(1, 10, 2, "b", new TraceData.Send(new Envelope(2, "b", "a", new Ping(2), 0, false, 10))),
                new TraceEvent(2, 20, 3, "a", new TraceData.Deliver(2, false)),
                new TraceEvent(3, 30, 4, "b", new TraceData.Deliver(1, false)));
        String svg = SpaceTime.inline(capture(run), "t");
        int xa = SpaceTime.LEFT + SpaceTime.LANE / 2;
        int xb = xa + SpaceTime.LANE;
        int row = SpaceTime.ROW;
        int y0 = SpaceTime.TOP + row - 4;
        assertTrue(
                svg.contains("<line class=\"msg\" x1=\"" + xa + "\" y1=\"" + y0 + "\" x2=\"" + xb + "\" y2=\""
                        + (y0 + 3 * row) + "\""),
                svg);
        assertTrue(
                svg.contains("<line class=\"msg\" x1=\"" + xb + "\" y1=\"" + (y0 + row) + "\" x2=\"" + xa + "\" y2=\""
                        + (y0 + 2 * row) + "\""),
                svg);
    }
}
