package shardsim.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.NetFault;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;
import shardsim.core.workload.Operation;

/**
 * The digest sees every field of every event: flipping any one field (a number, a flag, a string,
 * null, an enum, a list, a nested record's component, a double) of any kind of event, or the
 * event's time, number, kind or actor, gives another digest.
 */
class TraceDigestTest {
    enum Colour {
        RED,
        GREEN
    }

    record Part(String name, long size) {}

    /** A message with a component of every shape a protocol uses. */
    record Rich(
            long id,
            int shard,
            boolean ok,
            double ratio,
            String table,
            String nothing,
            Colour colour,
            Part part,
            List<Part> parts)
            implements Message {}

    record Op(long tabletId, String dest) implements Operation {}

    private static final Rich RICH = new Rich(
            7, 46, true, 0.25, "t1", null, Colour.RED, new Part("p", 3), List.of(new Part("q", 4), new Part("r", 5)));

    /** One sample of every kind of event data a run can record. */
    private static List<TraceData> samples() {
        Envelope call = new Envelope(5, "meta", "node-1", RICH, 9, false, 100);
        return List.of(
                new TraceData.Param("seed", "0"),
                new TraceData.Send(call),
                new TraceData.LateReply(new Envelope(6, "node-1", "meta", RICH, 9, true, 200)),
                new TraceData.Deliver(5, false),
                new TraceData.Duplicate(5),
                new TraceData.NetDrop(5, TraceData.Loss.LOST),
                new TraceData.Step("tick"),
                new TraceData.Perform(new Op(11415, "be1")),
                new TraceData.CallTimeout(9, "node-1"),
                new TraceData.Poll("recover", 3, false),
                new TraceData.Liveness("C2", true),
                new TraceData.FaultApplied(new NetFault.Clog("a", "b", 500)),
                new TraceData.Crash(2),
                new TraceData.Boot(true, 2),
                new TraceData.Note("set split stage PRE_SPLIT"),
                new TraceData.TaskQueued("flush", 1),
                new TraceData.TaskAdmitted("flush", "store-1/applier", 40),
                new TraceData.TaskStart("recover", "flush done"),
                new TraceData.TaskDone("flush"),
                new TraceData.Refused("flush"),
                new TraceData.Blocked("store-1/region-worker", 128, "apply"),
                new TraceData.Unblocked(),
                new TraceData.Violation("D1", "copy lost"),
                new TraceData.Verdict(List.of("D1", "D2"), 1660),
                // Kinds added later go last, so the golden digest of the kinds before them stays.
                new TraceData.CodeSwitch("buggy", "fixed", true, 2));
    }

    private static long digest(long time, long number, TraceKind kind, String actor, TraceData data) {
        Trace t = Trace.digestOnly();
        t.record(time, number, kind, actor, data);
        return t.digest();
    }

    private static long digest(TraceData data) {
        return digest(1_000, 3, TraceKind.STATE, "node-1", data);
    }

    @Test
    void everyKindOfEventHasASample() {
        List<Class<?>> sampled = new ArrayList<>();
        samples().forEach(d -> sampled.add(d.getClass()));
        for (Class<?> kind : TraceData.class.getPermittedSubclasses()) {
            assertTrue(
                    kind == TraceData.Recorded.class || sampled.contains(kind),
                    kind.getSimpleName() + " has no sample here");
        }
    }

    @Test
    void flippingAnyFieldOfAnyEventChangesTheDigest() {
        int flips = 0;
        for (TraceData base : samples()) {
            long d = digest(base);
            Map<String, Object> seen = new LinkedHashMap<>();
            for (Object variant : variants(base)) {
                assertNotEquals(base, variant);
                assertNotEquals(d, digest((TraceData) variant), base + " and " + variant + " share a digest");
                seen.put(String.valueOf(variant), variant);
                flips++;
            }
            assertTrue(!seen.isEmpty() || base instanceof TraceData.Unblocked, "no field flipped in " + base);
        }
        assertTrue(flips > 60, "flipped " + flips + " fields");
    }

    @Test
    void theEventsTimeNumberKindAndActorCount() {
        TraceData n = new TraceData.Note("x");
        long d = digest(1_000, 3, TraceKind.STATE, "node-1", n);
        assertNotEquals(d, digest(1_001, 3, TraceKind.STATE, "node-1", n));
        assertNotEquals(d, digest(1_000, 4, TraceKind.STATE, "node-1", n));
        assertNotEquals(d, digest(1_000, 3, TraceKind.TIMER, "node-1", n));
        assertNotEquals(d, digest(1_000, 3, TraceKind.STATE, "node-2", n));
    }

    @Test
    void lengthsKeepNeighbouringStringsApart() {
        assertNotEquals(digest(new TraceData.Param("ab", "c")), digest(new TraceData.Param("a", "bc")));
        assertNotEquals(digest(new TraceData.TaskStart("t", null)), digest(new TraceData.TaskStart("t", "")));
        assertNotEquals(
                digest(new TraceData.Verdict(List.of("a", "b"), 1)), digest(new TraceData.Verdict(List.of("ab"), 1)));
        assertNotEquals(digest(new TraceData.Note("abcd")), digest(new TraceData.Note("abcd\0")));
    }

    @Test
    void theEncodingIsFixed() {
        // Computed by this encoding once and committed: a change to the encoding (or to the order
        // of a kind's fields) shows here before it shows in every golden digest.
        Trace t = Trace.digestOnly();
        Trace added = Trace.digestOnly();
        for (TraceData d : samples()) {
            (d instanceof TraceData.CodeSwitch ? added : t).record(1_000, 3, TraceKind.STATE, "node-1", d);
        }
        assertEquals(GOLDEN_SAMPLES, t.digestHex());
        assertEquals(GOLDEN_ISSUE_18, added.digestHex());
    }

    static final String GOLDEN_SAMPLES = "03e591ef37534747";
    /** The kinds issue 18 added (the code switch), computed by this encoding once and committed. */
    static final String GOLDEN_ISSUE_18 = "297e93195fe21945";

    /** Every copy of {@code v} with exactly one field (at any depth) changed. */
    private static List<Object> variants(Object v) {
        List<Object> out = new ArrayList<>();
        if (!(v instanceof Record r)) {
            return out;
        }
        RecordComponent[] cs = r.getClass().getRecordComponents();
        for (int i = 0; i < cs.length; i++) {
            if (r instanceof Envelope && cs[i].getName().equals("sentAtMicros")) {
                // Not a field of the event: it is the time of the message's SEND event.
                continue;
            }
            Object value = get(cs[i], r);
            for (Object changed : changes(cs[i].getType(), value)) {
                Object[] args = new Object[cs.length];
                for (int j = 0; j < cs.length; j++) {
                    args[j] = j == i ? changed : get(cs[j], r);
                }
                out.add(construct(r.getClass(), cs, args));
            }
        }
        return out;
    }

    private static List<Object> changes(Class<?> type, Object v) {
        List<Object> out = new ArrayList<>();
        if (type == long.class) {
            out.add((Long) v + 1);
        } else if (type == int.class) {
            out.add((Integer) v + 1);
        } else if (type == boolean.class) {
            out.add(!(Boolean) v);
        } else if (type == double.class) {
            out.add((Double) v + 0.5);
        } else if (type == String.class) {
            out.add(v == null ? "" : v + "x");
            if (v != null) {
                out.add(null);
            }
        } else if (type.isEnum()) {
            for (Object c : type.getEnumConstants()) {
                if (c != v) {
                    out.add(c);
                    break;
                }
            }
        } else if (v instanceof List<?> l) {
            List<Object> longer = new ArrayList<>(l);
            longer.add(l.isEmpty() ? "x" : l.get(0));
            out.add(List.copyOf(longer));
            if (!l.isEmpty()) {
                out.add(List.copyOf(l.subList(0, l.size() - 1)));
                for (Object inner : variants(l.get(0))) {
                    List<Object> changed = new ArrayList<>(l);
                    changed.set(0, inner);
                    out.add(List.copyOf(changed));
                }
            }
        } else if (v instanceof Record) {
            out.addAll(variants(v));
        }
        return out;
    }

    private static Object get(RecordComponent c, Object r) {
        try {
            c.getAccessor().setAccessible(true);
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object construct(Class<?> type, RecordComponent[] cs, Object[] args) {
        Class<?>[] types = new Class<?>[cs.length];
        for (int i = 0; i < cs.length; i++) {
            types[i] = cs[i].getType();
        }
        try {
            Constructor<?> k = type.getDeclaredConstructor(types);
            k.setAccessible(true);
            return k.newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
