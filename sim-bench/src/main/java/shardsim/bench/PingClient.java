package shardsim.bench;

import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;

/**
 * Keeps {@code window} calls to the server outstanding: each reply or timeout starts the next
 * call, so the load neither dies out under loss nor grows without bound.
 */
final class PingClient implements Node {
    private final NodeContext ctx;
    private final String server;
    private final int window;
    private final long timeoutMicros;
    private long next;
    private long answered;
    private long timeouts;
    private long stray;

    PingClient(NodeContext ctx, String server, int window, long timeoutMicros) {
        this.ctx = ctx;
        this.server = server;
        this.window = window;
        this.timeoutMicros = timeoutMicros;
    }

    @Override
    public void onStart() {
        for (int i = 0; i < window; i++) {
            call();
        }
    }

    private void call() {
        ctx.call(
                server,
                new PingProtocol.Ping(next++),
                PingProtocol.Pong.class,
                timeoutMicros,
                reply -> {
                    answered++;
                    call();
                },
                () -> {
                    timeouts++;
                    call();
                });
    }

    @Override
    public void onMessage(Envelope env) {
        // Replies go to their call's callback; a pong here was sent one-way, which only tests do.
        if (env.message() instanceof PingProtocol.Pong) {
            stray++;
        } else if (env.message() instanceof PingProtocol.Ping) {
            throw new IllegalStateException("client got a ping: " + env.describe());
        } else {
            throw new IllegalStateException("unknown message " + env.describe());
        }
    }

    long answered() {
        return answered;
    }

    long timeouts() {
        return timeouts;
    }

    long stray() {
        return stray;
    }
}
