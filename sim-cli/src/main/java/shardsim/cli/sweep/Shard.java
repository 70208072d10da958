package shardsim.cli.sweep;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import shardsim.cli.base.UserError;

/**
 * One of {@code count} disjoint pieces of a seed range, {@code I/N} with I from 0 (the index a
 * Kubernetes Indexed Job or a CI matrix hands out): piece I takes the seeds at offsets I, I+N,
 * I+2N, ... so pieces are balanced however the failing seeds cluster.
 */
public record Shard(int index, int count) {
    public static final Shard ALL = new Shard(0, 1);
    private static final Pattern FORM = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new UserError("shard " + index + "/" + count + " is out of range (expected I/N with 0 <= I < N)");
        }
    }

    public static Shard parse(String text) {
        if (text == null) {
            return ALL;
        }
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new UserError("shard '" + text + "' is not of the form I/N (for example 0/4)");
        }
        return new Shard(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** Whether the seed at {@code offset} from the start of the range belongs to this shard. */
    public boolean owns(long offset) {
        return offset % count == index;
    }

    /** How many seeds of a range of {@code total} this shard owns. */
    public long size(long total) {
        return total <= index ? 0 : (total - index - 1) / count + 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
