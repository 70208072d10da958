package shardsim.cli.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.NetFault;
import shardsim.core.node.Envelope;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;

/**
 * Draws a captured run as a space-time (Lamport) diagram in SVG: one vertical lane per actor, one
 * row per trace event going down, messages as arrows from the SEND row to the DELIVER row (matched
 * by envelope id), dropped messages ending in a cross, duplicate copies dashed, slow deliveries
 * thick; faults as marks, crashes and partitions as bands on the lanes; the violation's row in
 * red. Rows are logical, not proportional to time: a quiet stretch of virtual time is one thin
 * break labelled with its length, and the events between the head and the tail of a long run are
 * one band, so the drawing stays bounded whatever the run's length. Every row carries its full
 * text as a tooltip; nothing needs a script.
 */
public final class SpaceTime {
    static final int ROW = 16;
    static final int TOP = 46;
    static final int LEFT = 96;
    static final int LANE = 112;
    static final int LABEL_CHARS = 150;
    static final int LABEL_WIDTH = 1000;
    static final int BREAK = 14;
    static final int OMITTED = 40;
    /** A gap in virtual time at least this long between two drawn rows is drawn as a break. */
    static final long QUIET_MICROS = 500_000;

    /** The CSS of a diagram; also inlined in a standalone SVG file. */
    public static final String CSS = String.join(
            "\n",
            ".st text{font:11px monospace;fill:#222}",
            ".st .lane{stroke:#bbb;stroke-width:1}",
            ".st .lanename{font-weight:bold;font-size:12px}",
            ".st .time{fill:#666}",
            ".st .msg{stroke:#333;stroke-width:1.2;fill:none}",
            ".st .msg.copy{stroke:#d97706;stroke-dasharray:5 3}",
            ".st .msg.slow{stroke:#7c3aed;stroke-width:2.4}",
            ".st .msg.lost{stroke:#dc2626;stroke-dasharray:2 2}",
            ".st .msg.open{stroke:#888;stroke-dasharray:1 3}",
            ".st .x{stroke:#dc2626;stroke-width:2}",
            ".st .crashx{stroke:#000;stroke-width:2.5}",
            ".st .send,.st .recv{fill:#333}",
            ".st .state{fill:#2563eb}",
            ".st .timer{fill:#fff;stroke:#333}",
            ".st .task{fill:#777}",
            ".st .fault{fill:#ea580c}",
            ".st .restart{fill:#16a34a}",
            ".st .faultrow{fill:#ffedd5}",
            ".st .violrow{fill:#fecaca}",
            ".st .violmark{fill:#dc2626}",
            ".st .violtext{fill:#b91c1c;font-weight:bold}",
            ".st .down{fill:#9ca3af;opacity:.45}",
            ".st .cut{fill:#fb923c;opacity:.35}",
            ".st .quiet{stroke:#999;stroke-dasharray:6 4}",
            ".st .quiettext{fill:#777;font-style:italic}",
            ".st .gap{fill:#f3f4f6;stroke:#999;stroke-dasharray:3 3}",
            ".st .dup{fill:#d97706;font-weight:bold}");

    private final RunCapture capture;
    private final String id;
    private final List<String> lanes;
    private final Map<String, Integer> laneIndex = new HashMap<>();
    private final StringBuilder back = new StringBuilder();
    private final StringBuilder arrows = new StringBuilder();
    private final StringBuilder front = new StringBuilder();

    private SpaceTime(RunCapture capture, String id) {
        this.capture = capture;
        this.id = id;
        this.lanes = capture.lanes();
        for (int i = 0; i < lanes.size(); i++) {
            laneIndex.put(lanes.get(i), i);
        }
    }

    /** The diagram as an {@code <svg>} element to inline in HTML; {@code id} keeps its ids unique on a page. */
    public static String inline(RunCapture capture, String id) {
        return new SpaceTime(capture, id).render(false);
    }

    /** The diagram as a standalone SVG file (for Markdown, which cannot inline it). */
    public static String standalone(RunCapture capture, String id) {
        return new SpaceTime(capture, id).render(true);
    }

    private record Placed(TraceEvent e, int y) {}

    private record Sent(long id, String from, String to, int y, long timeMicros) {}

    private String render(boolean standalone) {
        List<Placed> rows = new ArrayList<>();
        int y = TOP;
        TraceEvent prev = null;
        boolean gapDone = capture.omitted() == 0;
        List<TraceEvent> head = capture.head();
        List<TraceEvent> all = capture.drawn();
        for (int i = 0; i < all.size(); i++) {
            TraceEvent e = all.get(i);
            if (!gapDone && i == head.size()) {
                back.append(String.format(
                        Locale.ROOT,
                        "<rect class=\"gap\" x=\"4\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
                        y + 4,
                        width() - 8,
                        OMITTED - 8));
                front.append(text(
                        LEFT,
                        y + 24,
                        "quiettext",
                        String.format(
                                Locale.ROOT,
                                "\u22ee %,d events from t=%s to t=%s not drawn (sim run \u2026 --trace FILE lists them all)",
                                capture.omitted(),
                                Micros.format(capture.omittedFromMicros()),
                                Micros.format(capture.omittedToMicros()))));
                y += OMITTED;
                gapDone = true;
                prev = null;
            }
            if (prev != null && e.timeMicros() - prev.timeMicros() >= QUIET_MICROS) {
                back.append(String.format(
                        Locale.ROOT,
                        "<line class=\"quiet\" x1=\"4\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                        width() - 4,
                        y + BREAK / 2 - 2,
                        y + BREAK / 2 - 2));
                front.append(text(
                        4,
                        y + BREAK / 2 + 2,
                        "quiettext",
                        "+" + Micros.format(e.timeMicros() - prev.timeMicros()) + " quiet"));
                y += BREAK;
            }
            y += ROW;
            rows.add(new Placed(e, y));
            prev = e;
        }
        int bottom = y + ROW;
        drawLanes(bottom);
        drawRows(rows);
        drawBands(rows, bottom);
        drawMessages(rows, bottom);
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"st\" id=\"").append(Html.esc(id)).append('"');
        if (standalone) {
            svg.append(" xmlns=\"http://www.w3.org/2000/svg\"");
        }
        svg.append(String.format(
                Locale.ROOT,
                " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
                width(),
                bottom,
                width(),
                bottom));
        svg.append("<title>")
                .append(Html.esc("space-time diagram: " + lanes.size() + " actors, " + rows.size() + " events drawn"))
                .append("</title>\n");
        svg.append("<defs><marker id=\"")
                .append(Html.esc(id))
                .append(
                        "-head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">")
                .append("<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>\n");
        if (standalone) {
            svg.append("<style>").append(CSS).append("</style>\n");
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n",
                    width(),
                    bottom));
        }
        svg.append(back).append(arrows).append(front).append("</svg>");
        return svg.toString();
    }

    private int width() {
        return LEFT + Math.max(1, lanes.size()) * LANE + LABEL_WIDTH;
    }

    private int laneX(String lane) {
        return LEFT + laneIndex.get(lane) * LANE + LANE / 2;
    }

    private Integer laneOfActor(String actor) {
        String lane = capture.laneOf(actor);
        return lane == null ? null : laneIndex.get(lane);
    }

    private void drawLanes(int bottom) {
        for (String lane : lanes) {
            int x = laneX(lane);
            back.append(String.format(
                    Locale.ROOT,
                    "<line class=\"lane\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
                    x,
                    x,
                    TOP - 8,
                    bottom));
            front.append(String.format(
                    Locale.ROOT,
                    "<text class=\"lanename\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>",
                    x,
                    TOP - 16,
                    Html.esc(Html.clip(lane, 15))));
        }
        front.append(text(4, TOP - 16, "lanename", "virtual time"));
        front.append(text(labelX(), TOP - 16, "lanename", "event (hover a row for its full text)"));
        back.append('\n');
    }

    private int labelX() {
        return LEFT + Math.max(1, lanes.size()) * LANE + 8;
    }

    private void drawRows(List<Placed> rows) {
        long lastTime = -1;
        for (Placed p : rows) {
            TraceEvent e = p.e();
            int y = p.y();
            String full = e.render();
            if (e.kind() == TraceKind.VIOLATION) {
                back.append(String.format(
                        Locale.ROOT,
                        "<rect class=\"violrow\" x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
                        y - ROW + 4,
                        width(),
                        ROW));
            } else if (e.kind() == TraceKind.FAULT) {
                back.append(String.format(
                        Locale.ROOT,
                        "<rect class=\"faultrow\" x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
                        y - ROW + 4,
                        width(),
                        ROW));
            }
            front.append("<g><title>").append(Html.esc(full)).append("</title>");
            if (e.timeMicros() != lastTime) {
                front.append(text(4, y, "time", Micros.format(e.timeMicros())));
                lastTime = e.timeMicros();
            }
            String label = e.kind() + " " + e.actor() + " " + e.detail();
            front.append(text(
                    labelX(), y, e.kind() == TraceKind.VIOLATION ? "violtext" : null, Html.clip(label, LABEL_CHARS)));
            mark(e, y);
            front.append("</g>\n");
        }
    }

    private void mark(TraceEvent e, int y) {
        int cy = y - 4;
        if (e.kind() == TraceKind.VIOLATION || e.kind() == TraceKind.FAULT) {
            boolean named = false;
            for (String lane : lanes) {
                if (RunCapture.names(e.data(), lane)) {
                    named = true;
                    int x = laneX(lane);
                    if (e.kind() == TraceKind.VIOLATION) {
                        front.append(String.format(
                                Locale.ROOT, "<circle class=\"violmark\" cx=\"%d\" cy=\"%d\" r=\"6\"/>", x, cy));
                    } else {
                        front.append(diamond(x, cy, "fault"));
                    }
                }
            }
            if (!named && e.kind() == TraceKind.FAULT) {
                front.append(diamond(LEFT - 8, cy, "fault"));
            }
            return;
        }
        Integer lane = laneOfActor(e.actor());
        if (lane == null) {
            return;
        }
        int x = LEFT + lane * LANE + LANE / 2;
        switch (e.kind()) {
            case SEND ->
                front.append(
                        String.format(Locale.ROOT, "<circle class=\"send\" cx=\"%d\" cy=\"%d\" r=\"2.5\"/>", x, cy));
            case DELIVER ->
                front.append(String.format(Locale.ROOT, "<circle class=\"recv\" cx=\"%d\" cy=\"%d\" r=\"2\"/>", x, cy));
            case STATE ->
                front.append(
                        String.format(Locale.ROOT, "<circle class=\"state\" cx=\"%d\" cy=\"%d\" r=\"4\"/>", x, cy));
            case TIMER ->
                front.append(
                        String.format(Locale.ROOT, "<circle class=\"timer\" cx=\"%d\" cy=\"%d\" r=\"3.5\"/>", x, cy));
            case TASK_QUEUED, TASK_START, TASK_DONE ->
                front.append(String.format(
                        Locale.ROOT,
                        "<rect class=\"task\" x=\"%d\" y=\"%d\" width=\"7\" height=\"7\"/>",
                        x - 3,
                        cy - 3));
            case CRASH -> front.append(cross(x, cy, 6, "crashx"));
            case RESTART ->
                front.append(String.format(
                        Locale.ROOT,
                        "<path class=\"restart\" d=\"M%d,%d L%d,%d L%d,%d z\"/>",
                        x,
                        cy - 6,
                        x + 6,
                        cy + 5,
                        x - 6,
                        cy + 5));
            case DUPLICATE -> front.append(text(x + 5, y, "dup", "\u00d72"));
            case DROP -> {
                if (!(e.data() instanceof TraceData.NetDrop) && !(e.data() instanceof TraceData.LateReply)) {
                    front.append(cross(x, cy, 4, "x"));
                }
            }
            default -> {}
        }
    }

    /** Crash-to-restart bands, and partitions and clogs between the lanes they cut. */
    private void drawBands(List<Placed> rows, int bottom) {
        Map<String, Integer> open = new LinkedHashMap<>();
        Map<String, String[]> openLanes = new LinkedHashMap<>();
        for (Placed p : rows) {
            TraceEvent e = p.e();
            if (e.kind() == TraceKind.CRASH && laneOfActor(e.actor()) != null) {
                String key = "crash " + capture.laneOf(e.actor());
                open.putIfAbsent(key, p.y() - 4);
                openLanes.putIfAbsent(key, new String[] {capture.laneOf(e.actor())});
            } else if (e.kind() == TraceKind.RESTART && laneOfActor(e.actor()) != null) {
                String key = "crash " + capture.laneOf(e.actor());
                band(open.remove(key), p.y() - 4, openLanes.remove(key), "down");
            } else if (e.data() instanceof TraceData.FaultApplied applied) {
                Fault f = applied.fault();
                Cut cut = Cut.of(f);
                if (cut != null) {
                    String key = (cut.pair() ? "pair " : "oneway ")
                            + (cut.pair() && cut.a().compareTo(cut.b()) > 0
                                    ? cut.b() + " " + cut.a()
                                    : cut.a() + " " + cut.b());
                    if (cut.starts()) {
                        open.putIfAbsent(key, p.y() - 4);
                        openLanes.putIfAbsent(key, new String[] {cut.a(), cut.b()});
                    } else {
                        band(open.remove(key), p.y() - 4, openLanes.remove(key), "cut");
                    }
                } else if (f instanceof NetFault.Clog clog) {
                    long until = e.timeMicros() + clog.durationMicros();
                    int end = p.y() - 4;
                    for (Placed q : rows) {
                        if (q.e().index() > e.index() && q.e().timeMicros() <= until) {
                            end = q.y();
                        }
                    }
                    band(p.y() - 4, end, new String[] {clog.a(), clog.b()}, "cut");
                }
            }
        }
        for (Map.Entry<String, Integer> o : open.entrySet()) {
            band(o.getValue(), bottom, openLanes.get(o.getKey()), o.getKey().startsWith("crash") ? "down" : "cut");
        }
    }

    /** A partition starting or healing: both ways ({@code pair}) or one way, between a and b. */
    private record Cut(boolean pair, boolean starts, String a, String b) {
        /** The cut a partition starts, or (inside an {@link End}) ends; null for any other fault. */
        static Cut of(Fault f) {
            boolean starts = !(f instanceof End);
            Fault kind = starts ? f : ((End) f).start();
            if (kind instanceof NetFault.Partition p) {
                return new Cut(true, starts, p.a(), p.b());
            } else if (kind instanceof NetFault.PartitionOneWay p) {
                return new Cut(false, starts, p.from(), p.to());
            }
            return null;
        }
    }

    private void band(Integer from, int to, String[] bandLanes, String cls) {
        if (from == null || bandLanes == null) {
            return;
        }
        for (String lane : bandLanes) {
            if (laneIndex.containsKey(lane)) {
                back.append(String.format(
                        Locale.ROOT,
                        "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"14\" height=\"%d\"/>",
                        cls,
                        laneX(lane) - 7,
                        from,
                        Math.max(4, to - from)));
            }
        }
    }

    private void drawMessages(List<Placed> rows, int bottom) {
        Map<Long, Sent> sent = new LinkedHashMap<>();
        Map<Long, Boolean> ended = new HashMap<>();
        List<Long> latencies = new ArrayList<>();
        for (Placed p : rows) {
            TraceEvent e = p.e();
            if (e.data() instanceof TraceData.Send send) {
                Envelope env = send.envelope();
                if (laneIndex.containsKey(env.from()) && laneIndex.containsKey(env.to())) {
                    sent.put(env.id(), new Sent(env.id(), env.from(), env.to(), p.y() - 4, e.timeMicros()));
                }
            } else if (e.data() instanceof TraceData.Deliver d && sent.containsKey(d.messageId())) {
                latencies.add(e.timeMicros() - sent.get(d.messageId()).timeMicros());
            }
        }
        latencies.sort(null);
        long median = latencies.isEmpty() ? 0 : latencies.get(latencies.size() / 2);
        long slow = Math.max(2 * median, median + 1_000);
        for (Placed p : rows) {
            TraceEvent e = p.e();
            int y = p.y() - 4;
            if (e.data() instanceof TraceData.Deliver d) {
                long mid = d.messageId();
                Sent s = sent.get(mid);
                Integer to = laneOfActor(e.actor());
                if (to == null) {
                    continue;
                }
                ended.put(mid, Boolean.TRUE);
                boolean copy = d.copy();
                if (s == null) {
                    // Sent before the drawn window: a short stub in from above.
                    int x = LEFT + to * LANE + LANE / 2;
                    arrow(x - 18, y - 12, x, y, "msg open");
                } else {
                    String cls =
                            "msg" + (copy ? " copy" : "") + (e.timeMicros() - s.timeMicros() > slow ? " slow" : "");
                    arrow(laneX(s.from()), s.y(), LEFT + to * LANE + LANE / 2, y, cls);
                }
            } else if (e.data() instanceof TraceData.LateReply) {
                Integer at = laneOfActor(e.actor());
                if (at != null) {
                    front.append(cross(LEFT + at * LANE + LANE / 2 + 8, y, 4, "x"));
                }
            } else if (e.data() instanceof TraceData.NetDrop net) {
                long mid = net.messageId();
                Sent s = sent.get(mid);
                ended.put(mid, Boolean.TRUE);
                if (s == null) {
                    Integer at = laneOfActor(e.actor());
                    if (at != null) {
                        front.append(cross(LEFT + at * LANE + LANE / 2 + 10, y, 4, "x"));
                    }
                    continue;
                }
                int x1 = laneX(s.from());
                int x2 = laneX(s.to());
                double f = net.reason().atReceiver() ? 0.85 : 0.5;
                int x = (int) Math.round(x1 + (x2 - x1) * f);
                if (x1 == x2) {
                    x = x1 + 12;
                }
                arrows.append(String.format(
                        Locale.ROOT,
                        "<line class=\"msg lost\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>",
                        x1,
                        s.y(),
                        x,
                        y));
                front.append(cross(x, y, 5, "x"));
            }
        }
        // Still in flight where the diagram ends: a stub towards the receiver.
        for (Sent s : sent.values()) {
            if (!ended.containsKey(s.id())) {
                int x1 = laneX(s.from());
                int x2 = laneX(s.to());
                int dx = x2 == x1 ? 14 : (x2 > x1 ? 1 : -1) * Math.min(30, Math.abs(x2 - x1) / 2);
                arrow(x1, s.y(), x1 + dx, Math.min(bottom, s.y() + 14), "msg open");
            }
        }
    }

    private void arrow(int x1, int y1, int x2, int y2, String cls) {
        arrows.append(String.format(
                Locale.ROOT,
                "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" marker-end=\"url(#%s-head)\"/>",
                cls,
                x1,
                y1,
                x2,
                y2,
                Html.esc(id)));
    }

    private static String diamond(int x, int y, String cls) {
        return String.format(
                Locale.ROOT,
                "<path class=\"%s\" d=\"M%d,%d L%d,%d L%d,%d L%d,%d z\"/>",
                cls,
                x,
                y - 6,
                x + 6,
                y,
                x,
                y + 6,
                x - 6,
                y);
    }

    private static String cross(int x, int y, int r, String cls) {
        return String.format(
                Locale.ROOT,
                "<path class=\"%s\" d=\"M%d,%d L%d,%d M%d,%d L%d,%d\"/>",
                cls,
                x - r,
                y - r,
                x + r,
                y + r,
                x - r,
                y + r,
                x + r,
                y - r);
    }

    private static String text(int x, int y, String cls, String s) {
        return "<text" + (cls == null ? "" : " class=\"" + cls + "\"") + " x=\"" + x + "\" y=\"" + y + "\">"
                + Html.esc(s) + "</text>";
    }
}
