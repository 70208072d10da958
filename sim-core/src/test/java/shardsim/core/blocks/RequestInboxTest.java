package shardsim.core.blocks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;

class RequestInboxTest {
    private record Ping(int n) implements Message {}

    private static Envelope env(long id, int n) {
        return new Envelope(id, "a", "b", new Ping(n), id, false, 0);
    }

    @Test
    void theLinksDuplicateOfAnEnvelopeIsSwallowed() {
        RequestInbox inbox = new RequestInbox();
        assertTrue(inbox.first(env(7, 1)));
        assertFalse(inbox.first(env(7, 1)), "the same envelope again is a duplicate");
        assertFalse(inbox.first(env(7, 1)), "and stays one");
    }

    @Test
    void distinctRequestsWithEqualContentEachRunOnce() {
        RequestInbox inbox = new RequestInbox();
        assertTrue(inbox.first(env(1, 5)));
        assertTrue(inbox.first(env(2, 5)), "a retry is a new request, not a duplicate");
        assertFalse(inbox.first(env(2, 5)));
    }

    @Test
    void aRestartedProcessStartsEmpty() {
        RequestInbox before = new RequestInbox();
        assertTrue(before.first(env(3, 0)));
        assertTrue(new RequestInbox().first(env(3, 0)), "a new incarnation's inbox has seen nothing");
    }
}
