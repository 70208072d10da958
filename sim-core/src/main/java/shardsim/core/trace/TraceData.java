package shardsim.core.trace;

import java.util.List;
import shardsim.core.fault.Fault;
import shardsim.core.node.Envelope;
import shardsim.core.workload.Operation;

/**
 * What a trace event records, as typed fields. Text is made from the fields only when a trace is
 * written or shown ({@link #render}); the digest and every reader use the fields.
 *
 * <p>Each kind has a fixed {@link #code()}, part of the digest's encoding (see {@link TraceDigest}),
 * and a fixed {@link #type()} name, used in trace files. Neither may change for an existing kind.
 */
public sealed interface TraceData {
    /** The kind's number in the digest encoding. */
    int code();

    /**
     * What the event is, for readers and the digest: a function of the record alone (its type, and
     * for a boot or a code switch whether the node was recovering or running), so no event can be
     * classified one way here and another where it is recorded.
     */
    TraceKind kind();

    /** The kind's name in trace files. */
    String type();

    /** Hands the fields to {@code sink}, always in the same order. */
    void fields(FieldSink sink);

    /** Appends the event's one-line text. */
    void render(StringBuilder out);

    /** The event's one-line text. */
    default String text() {
        StringBuilder b = new StringBuilder();
        render(b);
        return b.toString();
    }

    /** A parameter of the run. */
    record Param(String name, String value) implements TraceData {
        public TraceKind kind() {
            return TraceKind.PARAM;
        }

        public int code() {
            return 1;
        }

        public String type() {
            return "param";
        }

        public void fields(FieldSink s) {
            s.text("name", name);
            s.text("value", value);
        }

        public void render(StringBuilder out) {
            out.append(name).append('=').append(value);
        }
    }

    /** A message leaves its sender. */
    record Send(Envelope envelope) implements TraceData {
        /** The kind every such event has; the kernel's digest-only path uses it too. */
        public static final TraceKind KIND = TraceKind.SEND;

        public TraceKind kind() {
            return KIND;
        }

        public static final int CODE = 2;

        public int code() {
            return CODE;
        }

        public String type() {
            return "send";
        }

        public void fields(FieldSink s) {
            write(s, envelope);
        }

        /** The fields of a send of {@code e}, for an event that is only digested. */
        public static void write(FieldSink s, Envelope e) {
            envelopeFields(e, s);
        }

        public void render(StringBuilder out) {
            renderEnvelope(envelope, out);
        }
    }

    /** A reply that came after its call ended (timed out, or the caller restarted). */
    record LateReply(Envelope envelope) implements TraceData {
        public TraceKind kind() {
            return TraceKind.DROP;
        }

        public int code() {
            return 3;
        }

        public String type() {
            return "late-reply";
        }

        public void fields(FieldSink s) {
            envelopeFields(envelope, s);
        }

        public void render(StringBuilder out) {
            out.append("late reply ");
            renderEnvelope(envelope, out);
        }
    }

    /** A message (or a duplicate copy of it) reaches its receiver. */
    record Deliver(long messageId, boolean copy) implements TraceData {
        /** The kind every such event has; the kernel's digest-only path uses it too. */
        public static final TraceKind KIND = TraceKind.DELIVER;

        public TraceKind kind() {
            return KIND;
        }

        public static final int CODE = 4;

        public int code() {
            return CODE;
        }

        public String type() {
            return "deliver";
        }

        public void fields(FieldSink s) {
            write(s, messageId, copy);
        }

        public static void write(FieldSink s, long messageId, boolean copy) {
            s.number("messageId", messageId);
            s.flag("copy", copy);
        }

        public void render(StringBuilder out) {
            out.append(copy ? "copy of m" : "m").append(messageId);
        }
    }

    /** The network sends a second copy of a message. */
    record Duplicate(long messageId) implements TraceData {
        public TraceKind kind() {
            return TraceKind.DUPLICATE;
        }

        public int code() {
            return 5;
        }

        public String type() {
            return "duplicate";
        }

        public void fields(FieldSink s) {
            s.number("messageId", messageId);
        }

        public void render(StringBuilder out) {
            out.append('m').append(messageId);
        }
    }

    /** Why the network dropped a message. */
    enum Loss {
        PARTITIONED("partitioned"),
        LINK_FULL("link full"),
        LOST("lost"),
        PARTITIONED_IN_FLIGHT("partitioned in flight"),
        RECEIVER_DOWN("receiver down");

        private final String text;

        Loss(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        /** Whether the message was dropped at its receiver's end rather than when sent. */
        public boolean atReceiver() {
            return this == PARTITIONED_IN_FLIGHT || this == RECEIVER_DOWN;
        }
    }

    /** The network drops a message. */
    record NetDrop(long messageId, Loss reason) implements TraceData {
        public TraceKind kind() {
            return TraceKind.DROP;
        }

        public int code() {
            return 6;
        }

        public String type() {
            return "net-drop";
        }

        public void fields(FieldSink s) {
            s.number("messageId", messageId);
            s.value("reason", reason);
        }

        public void render(StringBuilder out) {
            out.append(reason.text()).append(" m").append(messageId);
        }
    }

    /** A timer or a scheduled step (a driver action, a check, a workload operation) fires. */
    record Step(String label) implements TraceData {
        /** The kind every such event has; the kernel's digest-only path uses it too. */
        public static final TraceKind KIND = TraceKind.TIMER;

        public TraceKind kind() {
            return KIND;
        }

        public static final int CODE = 7;

        public int code() {
            return CODE;
        }

        public String type() {
            return "step";
        }

        public void fields(FieldSink s) {
            write(s, label);
        }

        public static void write(FieldSink s, String label) {
            s.text("label", label);
        }

        public void render(StringBuilder out) {
            out.append(label);
        }
    }

    /** A workload operation is performed. */
    record Perform(Operation operation) implements TraceData {
        /** A workload step is a scheduled step: a TIMER event. */
        public TraceKind kind() {
            return TraceKind.TIMER;
        }

        public int code() {
            return 8;
        }

        public String type() {
            return "perform";
        }

        public void fields(FieldSink s) {
            s.value("operation", operation);
        }

        public void render(StringBuilder out) {
            out.append(operation);
        }
    }

    /** A call's timeout fires with no reply. */
    record CallTimeout(long callId, String to) implements TraceData {
        /** The kind every such event has; the kernel's digest-only path uses it too. */
        public static final TraceKind KIND = TraceKind.TIMER;

        public TraceKind kind() {
            return KIND;
        }

        public static final int CODE = 9;

        public int code() {
            return CODE;
        }

        public String type() {
            return "call-timeout";
        }

        public void fields(FieldSink s) {
            write(s, callId, to);
        }

        public static void write(FieldSink s, long callId, String to) {
            s.number("callId", callId);
            s.text("to", to);
        }

        public void render(StringBuilder out) {
            out.append("timeout call#").append(callId).append(" to ").append(to);
        }
    }

    /** A waiting task polls its condition. */
    record Poll(String task, long polls, boolean met) implements TraceData {
        public TraceKind kind() {
            return TraceKind.TIMER;
        }

        public int code() {
            return 10;
        }

        public String type() {
            return "poll";
        }

        public void fields(FieldSink s) {
            s.text("task", task);
            s.number("polls", polls);
            s.flag("met", met);
        }

        public void render(StringBuilder out) {
            out.append(task);
            if (met) {
                out.append(" condition met after ").append(polls).append(" polls");
            } else {
                out.append(" poll ").append(polls);
            }
        }
    }

    /** A liveness check is judged. */
    record Liveness(String check, boolean holds) implements TraceData {
        /** Judged when its deadline's timer fires: a TIMER event, as the digest has always encoded it. */
        public TraceKind kind() {
            return TraceKind.TIMER;
        }

        public int code() {
            return 11;
        }

        public String type() {
            return "liveness";
        }

        public void fields(FieldSink s) {
            s.text("check", check);
            s.flag("holds", holds);
        }

        public void render(StringBuilder out) {
            out.append("liveness ").append(check).append(holds ? " holds" : " fails");
        }
    }

    /** A fault is injected. */
    record FaultApplied(Fault fault) implements TraceData {
        public TraceKind kind() {
            return TraceKind.FAULT;
        }

        public int code() {
            return 12;
        }

        public String type() {
            return "fault";
        }

        public void fields(FieldSink s) {
            s.value("fault", fault);
        }

        public void render(StringBuilder out) {
            out.append(fault);
        }
    }

    /** A node crashes. */
    record Crash(long incarnation) implements TraceData {
        public TraceKind kind() {
            return TraceKind.CRASH;
        }

        public int code() {
            return 13;
        }

        public String type() {
            return "crash";
        }

        public void fields(FieldSink s) {
            s.number("incarnation", incarnation);
        }

        public void render(StringBuilder out) {
            out.append("incarnation ").append(incarnation);
        }
    }

    /** A node boots, or recovers from its disk after a crash. */
    record Boot(boolean recover, long incarnation) implements TraceData {
        /** A first boot is a state change; a recovery, the restart a diagram closes a crash with. */
        public TraceKind kind() {
            return recover ? TraceKind.RESTART : TraceKind.STATE;
        }

        public int code() {
            return 14;
        }

        public String type() {
            return "boot";
        }

        public void fields(FieldSink s) {
            s.flag("recover", recover);
            s.number("incarnation", incarnation);
        }

        public void render(StringBuilder out) {
            out.append(recover ? "recover" : "boot").append(" incarnation ").append(incarnation);
        }
    }

    /**
     * A node's code changes (an upgrade or a downgrade): {@code from} and {@code to} are the modes
     * whose code it ran and runs now; {@code wasUp} whether its process was running (then it
     * stopped, and the next event is its recovery on the new code); {@code incarnation} the one
     * that ran {@code from}.
     */
    record CodeSwitch(String from, String to, boolean wasUp, long incarnation) implements TraceData {
        /** The stop of a running process (a crash-kind event, closed by the restart that follows); a state change while down. */
        public TraceKind kind() {
            return wasUp ? TraceKind.CRASH : TraceKind.STATE;
        }

        public int code() {
            return 25;
        }

        public String type() {
            return "code-switch";
        }

        public void fields(FieldSink s) {
            s.text("from", from);
            s.text("to", to);
            s.flag("wasUp", wasUp);
            s.number("incarnation", incarnation);
        }

        public void render(StringBuilder out) {
            out.append("code ")
                    .append(from)
                    .append(" -> ")
                    .append(to)
                    .append(wasUp ? ", process restarted" : " (down: at its next restart)")
                    .append(" incarnation ")
                    .append(incarnation);
        }
    }

    /** A model's, driver's or checker's own note: its text is its one field. */
    record Note(String text) implements TraceData {
        public TraceKind kind() {
            return TraceKind.STATE;
        }

        public int code() {
            return 15;
        }

        public String type() {
            return "note";
        }

        public void fields(FieldSink s) {
            s.text("text", text);
        }

        public void render(StringBuilder out) {
            out.append(text);
        }
    }

    /** A task enters a worker's queue, with how many tasks are ahead of it. */
    record TaskQueued(String task, long behind) implements TraceData {
        public TraceKind kind() {
            return TraceKind.TASK_QUEUED;
        }

        public int code() {
            return 16;
        }

        public String type() {
            return "task-queued";
        }

        public void fields(FieldSink s) {
            s.text("task", task);
            s.number("behind", behind);
        }

        public void render(StringBuilder out) {
            out.append(task).append(" (behind ").append(behind).append(')');
        }
    }

    /** A task held by a blocked submitter enters the queue once a slot frees. */
    record TaskAdmitted(String task, String submitter, long blockedSinceMicros) implements TraceData {
        public TraceKind kind() {
            return TraceKind.TASK_QUEUED;
        }

        public int code() {
            return 17;
        }

        public String type() {
            return "task-admitted";
        }

        public void fields(FieldSink s) {
            s.text("task", task);
            s.text("submitter", submitter);
            s.number("blockedSinceMicros", blockedSinceMicros);
        }

        public void render(StringBuilder out) {
            out.append(task)
                    .append(" (admitted after ")
                    .append(submitter)
                    .append(" blocked since ")
                    .append(blockedSinceMicros)
                    .append("us)");
        }
    }

    /** A task starts; {@code waitsFor} names the condition it waits for first, or is null. */
    record TaskStart(String task, String waitsFor) implements TraceData {
        public TraceKind kind() {
            return TraceKind.TASK_START;
        }

        public int code() {
            return 18;
        }

        public String type() {
            return "task-start";
        }

        public void fields(FieldSink s) {
            s.text("task", task);
            s.text("waitsFor", waitsFor);
        }

        public void render(StringBuilder out) {
            out.append(task);
            if (waitsFor != null) {
                out.append(" waits for ").append(waitsFor);
            }
        }
    }

    /** A task's service ends and its body runs. */
    record TaskDone(String task) implements TraceData {
        public TraceKind kind() {
            return TraceKind.TASK_DONE;
        }

        public int code() {
            return 19;
        }

        public String type() {
            return "task-done";
        }

        public void fields(FieldSink s) {
            s.text("task", task);
        }

        public void render(StringBuilder out) {
            out.append(task);
        }
    }

    /** A full worker refuses a task from outside any worker. */
    record Refused(String task) implements TraceData {
        public TraceKind kind() {
            return TraceKind.DROP;
        }

        public int code() {
            return 20;
        }

        public String type() {
            return "refused";
        }

        public void fields(FieldSink s) {
            s.text("task", task);
        }

        public void render(StringBuilder out) {
            out.append("queue full, refused ").append(task);
        }
    }

    /** A worker blocks, holding a task for a full worker. */
    record Blocked(String fullWorker, long capacity, String task) implements TraceData {
        public TraceKind kind() {
            return TraceKind.STATE;
        }

        public int code() {
            return 21;
        }

        public String type() {
            return "blocked";
        }

        public void fields(FieldSink s) {
            s.text("fullWorker", fullWorker);
            s.number("capacity", capacity);
            s.text("task", task);
        }

        public void render(StringBuilder out) {
            out.append("blocked: ")
                    .append(fullWorker)
                    .append(" is full (")
                    .append(capacity)
                    .append(" queued), holding ")
                    .append(task);
        }
    }

    /** A blocked worker's held tasks are all queued: it goes on. */
    record Unblocked() implements TraceData {
        public TraceKind kind() {
            return TraceKind.STATE;
        }

        public int code() {
            return 22;
        }

        public String type() {
            return "unblocked";
        }

        public void fields(FieldSink s) {}

        public void render(StringBuilder out) {
            out.append("unblocked");
        }
    }

    /** A check finds an invariant broken. */
    record Violation(String invariant, String message) implements TraceData {
        public TraceKind kind() {
            return TraceKind.VIOLATION;
        }

        public int code() {
            return 23;
        }

        public String type() {
            return "violation";
        }

        public void fields(FieldSink s) {
            s.text("invariant", invariant);
            s.text("message", message);
        }

        public void render(StringBuilder out) {
            out.append(invariant).append(": ").append(message);
        }
    }

    /** The end of a run: the invariants it broke, in order, and how many events it handled. */
    record Verdict(List<String> violated, long events) implements TraceData {
        public TraceKind kind() {
            return TraceKind.VERDICT;
        }

        public Verdict {
            violated = List.copyOf(violated);
        }

        public int code() {
            return 24;
        }

        public String type() {
            return "verdict";
        }

        public void fields(FieldSink s) {
            s.value("violated", violated);
            s.number("events", events);
        }

        public void render(StringBuilder out) {
            out.append(violated.isEmpty() ? "ok" : "violated");
            for (String v : violated) {
                out.append(' ').append(v);
            }
            out.append(" events=").append(events);
        }
    }

    /**
     * An event read back from a trace file: its kind and type, its fields as plain values (see
     * {@link FieldTree}) and its text. It is compared, never digested.
     */
    record Recorded(TraceKind kind, String type, java.util.Map<String, Object> tree, String text) implements TraceData {
        public Recorded {
            tree = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tree));
        }

        public int code() {
            return 0;
        }

        public void fields(FieldSink s) {
            for (java.util.Map.Entry<String, Object> e : tree.entrySet()) {
                s.value(e.getKey(), e.getValue());
            }
        }

        public void render(StringBuilder out) {
            out.append(text);
        }

        @Override
        public String text() {
            return text;
        }
    }

    private static void envelopeFields(Envelope e, FieldSink s) {
        s.number("id", e.id());
        s.text("from", e.from());
        s.text("to", e.to());
        s.number("callId", e.callId());
        s.flag("reply", e.reply());
        s.value("message", e.message());
    }

    private static void renderEnvelope(Envelope e, StringBuilder out) {
        e.render(out);
    }
}
