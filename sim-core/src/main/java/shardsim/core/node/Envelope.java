package shardsim.core.node;

/**
 * A message in flight, with its routing.
 *
 * @param id unique per run, in send order
 * @param from sender node
 * @param to receiver node
 * @param message the payload
 * @param callId for a request the id of its call, for a reply the id of the call it answers, else 0
 * @param reply whether this answers a call
 * @param sentAtMicros virtual time of the send
 */
public record Envelope(long id, String from, String to, Message message, long callId, boolean reply, long sentAtMicros) {

    /** Whether the sender waits for a reply to this envelope. */
    public boolean isRequest() {
        return callId != 0 && !reply;
    }

    /** The envelope as its SEND trace event shows it, for error messages. */
    public String describe() {
        return new shardsim.core.trace.TraceData.Send(this).text();
    }
}
