package shardsim.cli.testing;

import java.util.function.LongConsumer;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;

/** Sends {@code total} pings 100 ms apart and counts the pongs; the buggy one counts duplicates too. */
final class PingClient implements Node {
    private final NodeContext ctx;
    private final int total;
    private final boolean dedupe;
    private final LongConsumer rtt;
    private final long[] sentAt;
    private final boolean[] answered;
    private int sent;
    private int pongs;

    PingClient(NodeContext ctx, int total, boolean dedupe, LongConsumer rtt) {
        this.ctx = ctx;
        this.total = total;
        this.dedupe = dedupe;
        this.rtt = rtt;
        this.sentAt = new long[total];
        this.answered = new boolean[total];
    }

    @Override
    public void onStart() {
        for (int i = 0; i < total; i++) {
            int n = i;
            ctx.setTimer("ping " + n, 100_000L * n, () -> {
                sentAt[n] = ctx.now();
                sent++;
                ctx.send("server", new PingProtocol.Ping(n));
            });
        }
    }

    @Override
    public void onMessage(Envelope env) {
        if (env.message() instanceof PingProtocol.Pong p) {
            if (dedupe && answered[p.n()]) {
                return;
            }
            if (!answered[p.n()]) {
                rtt.accept(ctx.now() - sentAt[p.n()]);
            }
            answered[p.n()] = true;
            pongs++;
        } else if (env.message() instanceof PingProtocol.Ping) {
            throw new IllegalStateException("client got a ping");
        } else {
            throw new IllegalStateException("unknown message " + env.message());
        }
    }

    int sent() {
        return sent;
    }

    int pongs() {
        return pongs;
    }
}
