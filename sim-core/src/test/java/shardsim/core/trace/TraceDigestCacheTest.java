package shardsim.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.random.SimRandom;

/**
 * The digest's cache of short strings' words folds exactly the words of the documented encoding:
 * for the same instance again, for an equal string that is another instance, for strings that
 * share a slot (and "Ping" and "Pong", which shared one once), for the empty and the longest cached string and one past it, and beyond Latin-1.
 */
class TraceDigestCacheTest {
    private static final long K1 = 0x9E3779B97F4A7C15L;
    private static final long K2 = 0xBF58476D1CE4E5B9L;

    /** The encoding as TraceDigest's documentation gives it, one character at a time. */
    private static final class Reference {
        long h = TraceDigest.INITIAL;

        void word(long w) {
            h = Long.rotateLeft(h + w * K1, 31) * K2;
        }

        void string(String s) {
            if (s == null) {
                word(-1);
                return;
            }
            word(s.length());
            long w = 0;
            int k = 0;
            for (int i = 0; i < s.length(); i++) {
                w |= (long) s.charAt(i) << (16 * k);
                if (++k == 4) {
                    word(w);
                    w = 0;
                    k = 0;
                }
            }
            if (k > 0) {
                word(w);
            }
        }

        void event(long time, long number, TraceKind kind, String actor, int code) {
            word(time);
            word(number);
            word(kind.code());
            string(actor);
            word(code);
            h = TraceDigest.fmix(h);
        }
    }

    /** Two names that share a cache slot (65 names, 64 slots), so that they evict each other. */
    private static List<String> twoInOneSlot() {
        String[] bySlot = new String[64];
        for (int i = 0; i <= 64; i++) {
            String name = "node-" + i;
            int slot = TraceDigest.slotOf(name);
            if (bySlot[slot] != null) {
                return List.of(bySlot[slot], name);
            }
            bySlot[slot] = name;
        }
        throw new AssertionError("65 names in 64 slots, yet no two share one");
    }

    @Test
    void cachedWordsAreTheDocumentedWords() {
        List<String> names = new ArrayList<>(List.of(
                "server",
                "client-1",
                "server-1",
                "client-11",
                "store-1/region-worker",
                "",
                "a",
                "x".repeat(28),
                "y".repeat(29),
                "région-ü",
                "节点-1",
                "client-2",
                "Ping",
                "Pong"));
        names.addAll(twoInOneSlot());
        SimRandom r = new SimRandom(3);
        TraceDigest digest = new TraceDigest();
        Reference ref = new Reference();
        for (int i = 0; i < 5_000; i++) {
            String actor = names.get(r.nextInt(names.size()));
            if (r.nextInt(4) == 0) {
                actor = new String(actor.toCharArray()); // equal, not the same instance
            }
            if (r.nextInt(50) == 0) {
                actor = null;
            }
            TraceKind kind = TraceKind.values()[r.nextInt(TraceKind.values().length)];
            digest.begin(i, i + 1, kind, actor, 2);
            digest.end();
            ref.event(i, i + 1, kind, actor, 2);
            assertEquals(ref.h, digest.value(), "after event " + i + " with actor " + actor);
        }
    }
}
