package shardsim.cli.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.trace.Actor;
import shardsim.core.trace.FieldTree;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;
import shardsim.core.trace.TraceKind;
import shardsim.core.trace.TraceListener;

/**
 * What a diagram needs from a run, in bounded memory whatever the run's length: the first
 * {@code head} events, the last {@code tail} events before the diagram ends, how many fell in
 * between, the actors (lanes) in order of appearance, and each actor's last state notes. The
 * diagram ends with the scheduled event that recorded the first violation, or with the run.
 */
public final class RunCapture implements TraceListener {
    public static final int HEAD = 120;
    public static final int TAIL = 360;
    /** Actors that are the simulator itself, not a lane. */
    static final List<String> NOT_LANES = List.of(Actor.SIM.label(), Actor.CHECK.label(), Actor.FAULTS.label());

    static final String DRIVER = Actor.DRIVER.label();
    private static final int STATES_KEPT = 3;
    private static final int MAX_LANES = 24;

    private final int head;
    private final int tail;
    private final List<TraceEvent> first = new ArrayList<>();
    private final ArrayDeque<TraceEvent> last = new ArrayDeque<>();
    private final LinkedHashMap<String, Boolean> lanes = new LinkedHashMap<>();
    private final LinkedHashMap<String, ArrayDeque<TraceEvent>> states = new LinkedHashMap<>();
    private long omitted;
    private long omittedFromMicros;
    private long omittedToMicros;
    private long events;
    private long stopAt = -1;
    private boolean done;
    private TraceEvent firstViolation;

    public RunCapture() {
        this(HEAD, TAIL);
    }

    public RunCapture(int head, int tail) {
        if (head < 1 || tail < 1) {
            throw new IllegalArgumentException("head and tail must be positive");
        }
        this.head = head;
        this.tail = tail;
    }

    @Override
    public void onEvent(TraceEvent e) {
        if (done || e.kind() == TraceKind.PARAM) {
            return;
        }
        if (stopAt >= 0 && e.eventNumber() != stopAt) {
            done = true;
            return;
        }
        events++;
        String lane = laneOf(e.actor());
        if (lane != null && !lanes.containsKey(lane) && lanes.size() < MAX_LANES) {
            lanes.put(lane, Boolean.TRUE);
        }
        if (e.kind() == TraceKind.STATE) {
            ArrayDeque<TraceEvent> q = states.computeIfAbsent(e.actor(), k -> new ArrayDeque<>());
            if (q.size() == STATES_KEPT) {
                q.removeFirst();
            }
            q.addLast(e);
        }
        if (first.size() < head) {
            first.add(e);
        } else {
            last.addLast(e);
            if (last.size() > tail) {
                TraceEvent gone = last.removeFirst();
                if (omitted == 0) {
                    omittedFromMicros = gone.timeMicros();
                }
                omitted++;
                omittedToMicros = gone.timeMicros();
            }
        }
        if (e.kind() == TraceKind.VIOLATION && firstViolation == null) {
            firstViolation = e;
            stopAt = e.eventNumber();
        }
    }

    /** The lane an actor's events go on: a worker queue "node/pool" goes on its node's lane. */
    String laneOf(String actor) {
        if (NOT_LANES.contains(actor)) {
            return null;
        }
        int slash = actor.indexOf('/');
        if (slash > 0 && lanes.containsKey(actor.substring(0, slash))) {
            return actor.substring(0, slash);
        }
        return actor;
    }

    /** The lanes, the driver (the workload and the scripted steps) first, then by first appearance. */
    public List<String> lanes() {
        List<String> out = new ArrayList<>();
        if (lanes.containsKey(DRIVER)) {
            out.add(DRIVER);
        }
        for (String l : lanes.keySet()) {
            if (!l.equals(DRIVER)) {
                out.add(l);
            }
        }
        return out;
    }

    public List<TraceEvent> head() {
        return List.copyOf(first);
    }

    public List<TraceEvent> tail() {
        return List.copyOf(last);
    }

    /** Events between head and tail that the diagram leaves out. */
    public long omitted() {
        return omitted;
    }

    public long omittedFromMicros() {
        return omittedFromMicros;
    }

    public long omittedToMicros() {
        return omittedToMicros;
    }

    /** Events the diagram covers (drawn or left out), parameters aside. */
    public long events() {
        return events;
    }

    /** The first violation's trace event, or null when every check held. */
    public TraceEvent firstViolation() {
        return firstViolation;
    }

    /** Every drawn event, oldest first. */
    public List<TraceEvent> drawn() {
        List<TraceEvent> out = new ArrayList<>(first);
        out.addAll(last);
        return out;
    }

    /**
     * The actors involved in the first violation, with their last state notes: those the message
     * names, and those whose events belong to the scheduled event that broke the invariant.
     */
    public Map<String, List<TraceEvent>> involvedStates() {
        LinkedHashMap<String, List<TraceEvent>> out = new LinkedHashMap<>();
        if (firstViolation == null) {
            return out;
        }
        List<String> involved = new ArrayList<>();
        for (String actor : states.keySet()) {
            if (names(firstViolation.data(), actor)) {
                involved.add(actor);
            }
        }
        for (TraceEvent e : drawn()) {
            if (e.eventNumber() == firstViolation.eventNumber()
                    && !NOT_LANES.contains(e.actor())
                    && !e.actor().equals(DRIVER)) {
                String actor = states.containsKey(e.actor()) ? e.actor() : laneOf(e.actor());
                if (actor != null && !involved.contains(actor)) {
                    involved.add(actor);
                }
            }
        }
        for (String actor : involved) {
            ArrayDeque<TraceEvent> q = states.get(actor);
            out.put(actor, q == null ? List.of() : List.copyOf(q));
        }
        return out;
    }

    /**
     * Whether an event's string fields name {@code name} as a whole word ("node-1" is not in
     * "node-10"): a fault's node fields, a violation's message.
     */
    static boolean names(TraceData data, String name) {
        if (data instanceof TraceData.Violation v) {
            return mentions(v.message(), name);
        }
        return anyString(FieldTree.of(data), name);
    }

    private static boolean anyString(Object v, String name) {
        if (v instanceof String s) {
            return mentions(s, name);
        }
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!FieldTree.TYPE.equals(e.getKey()) && anyString(e.getValue(), name)) {
                    return true;
                }
            }
        } else if (v instanceof List<?> l) {
            for (Object o : l) {
                if (anyString(o, name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code text} holds {@code name} as a whole word: not next to a letter, digit, '_' or '-'. */
    static boolean mentions(String text, String name) {
        for (int at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
            int end = at + name.length();
            if ((at == 0 || !wordChar(text.charAt(at - 1))) && (end == text.length() || !wordChar(text.charAt(end)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean wordChar(char c) {
        return c == '-' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
