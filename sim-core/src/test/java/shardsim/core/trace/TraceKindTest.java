package shardsim.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.NodeFault;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;

/**
 * An event's kind is its data's: each record declares it, and a trace event cannot carry another.
 * The table is the one the digest has always encoded (the kernel used to name the kind at each
 * place it recorded an event), so every golden digest stays as it was.
 */
class TraceKindTest {
    private record Ping() implements Message {}

    @Test
    void eachRecordDeclaresTheKindItWasAlwaysRecordedAs() {
        Envelope env = new Envelope(1, "a", "b", new Ping(), 0, false, 0);
        Map<TraceData, TraceKind> table = new LinkedHashMap<>();
        table.put(new TraceData.Param("seed", "0"), TraceKind.PARAM);
        table.put(new TraceData.Send(env), TraceKind.SEND);
        table.put(new TraceData.LateReply(env), TraceKind.DROP);
        table.put(new TraceData.Deliver(1, false), TraceKind.DELIVER);
        table.put(new TraceData.Duplicate(1), TraceKind.DUPLICATE);
        table.put(new TraceData.NetDrop(1, TraceData.Loss.LOST), TraceKind.DROP);
        table.put(new TraceData.Step("tick"), TraceKind.TIMER);
        table.put(new TraceData.Perform(new TraceDigestTest.Op(1, "b")), TraceKind.TIMER);
        table.put(new TraceData.CallTimeout(1, "b"), TraceKind.TIMER);
        table.put(new TraceData.Poll("t", 1, true), TraceKind.TIMER);
        table.put(new TraceData.Liveness("L1", false), TraceKind.TIMER);
        table.put(new TraceData.FaultApplied(new NodeFault.Crash("a")), TraceKind.FAULT);
        table.put(new TraceData.Crash(0), TraceKind.CRASH);
        table.put(new TraceData.Boot(false, 0), TraceKind.STATE);
        table.put(new TraceData.Boot(true, 1), TraceKind.RESTART);
        table.put(new TraceData.CodeSwitch("buggy", "fixed", true, 0), TraceKind.CRASH);
        table.put(new TraceData.CodeSwitch("buggy", "fixed", false, 0), TraceKind.STATE);
        table.put(new TraceData.Note("x"), TraceKind.STATE);
        table.put(new TraceData.TaskQueued("t", 0), TraceKind.TASK_QUEUED);
        table.put(new TraceData.TaskAdmitted("t", "w", 0), TraceKind.TASK_QUEUED);
        table.put(new TraceData.TaskStart("t", null), TraceKind.TASK_START);
        table.put(new TraceData.TaskDone("t"), TraceKind.TASK_DONE);
        table.put(new TraceData.Refused("t"), TraceKind.DROP);
        table.put(new TraceData.Blocked("w", 1, "t"), TraceKind.STATE);
        table.put(new TraceData.Unblocked(), TraceKind.STATE);
        table.put(new TraceData.Violation("P1", "broken"), TraceKind.VIOLATION);
        table.put(new TraceData.Verdict(List.of(), 3), TraceKind.VERDICT);
        for (Map.Entry<TraceData, TraceKind> e : table.entrySet()) {
            assertSame(e.getValue(), e.getKey().kind(), e.getKey().type());
        }
        assertEquals(
                TraceData.class.getPermittedSubclasses().length,
                1 + table.keySet().stream().map(Object::getClass).distinct().count(),
                "every record but Recorded (whose kind is read back) is in the table");
    }

    @Test
    void aTraceEventHasItsDataKind() {
        Trace t = Trace.full();
        t.record(5, 1, "a", new TraceData.Boot(true, 2));
        assertEquals(TraceKind.RESTART, t.events().get(0).kind());
        TraceData read = new TraceData.Recorded(TraceKind.VIOLATION, "violation", Map.of(), "P1 broken");
        assertEquals(TraceKind.VIOLATION, new TraceEvent(0, 5, 1, "check", read).kind());
    }

    @Test
    void aKernelRecordDigestsAsTheOldExplicitKindDid() {
        Trace derived = Trace.digestOnly();
        Trace explicit = Trace.digestOnly();
        derived.record(7, 2, "node-1", new TraceData.Liveness("L1", true));
        explicit.record(7, 2, TraceKind.TIMER, "node-1", new TraceData.Liveness("L1", true));
        assertEquals(explicit.digest(), derived.digest());
    }
}
