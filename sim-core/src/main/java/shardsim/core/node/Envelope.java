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
public record Envelope(
        long id, String from, String to, Message message, long callId, boolean reply, long sentAtMicros) {

    /** Whether the sender waits for a reply to this envelope. */
    public boolean isRequest() {
        return callId != 0 && !reply;
    }

    /** The envelope as its SEND trace event shows it, for error messages. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        render(b);
        return b.toString();
    }

    /** Appends the envelope's one-line text: the body of its SEND trace event and of error messages. */
    public void render(StringBuilder out) {
        out.append('m').append(id);
        if (reply) {
            out.append(" reply#").append(callId);
        } else if (callId != 0) {
            out.append(" call#").append(callId);
        }
        out.append(' ').append(from).append("->").append(to).append(' ').append(message);
    }
}
