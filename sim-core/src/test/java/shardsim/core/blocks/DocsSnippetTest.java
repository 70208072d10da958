package shardsim.core.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.check.Rule;
import shardsim.core.fixture.Probe;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;

/**
 * The snippet of docs/model-your-own.md ("Building blocks"), compiled and run here; the test fails
 * when a line of the document's snippet is not in this file, so the two cannot drift apart.
 */
class DocsSnippetTest {
    private static final Rule P2 = new Rule("P2", "three heartbeats after the faults end, the cache is right");

    record Finish(long taskId) implements Message {}

    record Done() implements Message {}

    /** Answers every Finish. */
    static final class Fe implements Node {
        private final NodeContext ctx;

        Fe(NodeContext ctx) {
            this.ctx = ctx;
            ctx.code();
        }

        @Override
        public void onMessage(Envelope envelope) {
            ctx.reply(envelope, new Done());
        }
    }

    private final List<String> seen = new ArrayList<>();

    private String cacheProblem() {
        seen.add("P2 judged");
        return null;
    }

    private void snippet(
            NodeContext ctx, Simulation sim, long taskId, long tailStartMicros, long endMicros, long heartbeatMicros) {
        // A node: a finish call tried at most 3 times, 5 s each, a second apart.
        RetryPolicy finish = new RetryPolicy(5_000_000, 3, 1_000_000, 1_000_000, false);
        RetryingCall.start(ctx, "fe", Done.class, finish, "finish retry " + taskId, new RetryingCall.Attempts<Done>() {
            @Override
            public Message request(int tryIndex) {
                return new Finish(taskId);
            }

            @Override
            public RetryingCall.Next onReply(Done done, int tryIndex) {
                return RetryingCall.Next.DONE;
            }

            @Override
            public RetryingCall.Next onTimeout(int tryIndex) {
                return RetryingCall.Next.RETRY;
            }

            @Override
            public void onGiveUp(int tries) {
                ctx.trace("finish of task " + taskId + " given up after " + tries + " tries");
            }
        });

        // A lock held under a lease (kept outside the nodes, as etcd is): refused to others while live.
        Lease lock = Lease.grant("node-1", ctx.now(), 30_000_000);
        boolean refused = lock.heldByOtherThan("node-2", ctx.now());
        lock = lock.renewedAt(ctx.now() + 10_000_000, 30_000_000);

        // A check: from three heartbeats after the faults end, every sample of the tail must find P2.
        Samples tail = new Samples(tailStartMicros, endMicros, heartbeatMicros);
        Eventually.afterFaults(sim, P2, 3 * heartbeatMicros, tail, "P2 sample", this::cacheProblem);

        seen.add("refused " + refused + ", lock until " + lock.expiresAtMicros());
    }

    @Test
    void theDocumentsSnippetRuns() {
        Simulation sim = new Simulation(7, SimConfig.defaults(), Trace.full());
        sim.nodes().add("node-1", Probe::new);
        sim.nodes().add("fe", Fe::new);
        sim.runUntil(0);
        snippet(sim.nodes().node("node-1", Probe.class).ctx(), sim, 42, 10_000_000, 20_000_000, 2_000_000);
        sim.runUntil(30_000_000);
        assertEquals("refused true, lock until 40000000", seen.get(0));
        // Samples at 10, 12, ..., 20 s, all quiet for 6 s by then: six judged.
        assertEquals(6, seen.size() - 1);
        assertTrue(sim.checks().ok());
    }

    @Test
    void theDocumentsSnippetIsThisOne() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "model-your-own.md"));
        int section = doc.indexOf("## Building blocks");
        assertTrue(section >= 0, "docs/model-your-own.md has a section Building blocks");
        int from = doc.indexOf("```java\n", section) + "```java\n".length();
        String block = doc.substring(from, doc.indexOf("```", from));
        String source =
                Files.readString(Path.of("src", "test", "java", "shardsim", "core", "blocks", "DocsSnippetTest.java"));
        List<String> missing = new ArrayList<>();
        for (String line : block.split("\n")) {
            if (!line.isBlank() && !source.contains(line.strip())) {
                missing.add(line);
            }
        }
        assertFalse(block.isBlank());
        assertEquals(List.of(), missing, "lines of the document's snippet that are not in DocsSnippetTest");
    }
}
