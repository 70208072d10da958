package shardsim.cli.sweep;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import shardsim.cli.base.UserError;

/**
 * An inclusive range of seeds written {@code A..B} (or a single seed {@code N}), in the same
 * decimal form {@code sim run --seed} accepts and every report prints.
 */
public record SeedRange(long first, long last) {
    /** A sweep addresses its seeds by offset in an int-indexed bit set, hence the bound. */
    public static final long MAX_SEEDS = Integer.MAX_VALUE;

    private static final Pattern RANGE = Pattern.compile("(-?\\d+)(?:\\.\\.(-?\\d+))?");

    public SeedRange {
        if (last < first) {
            throw new UserError(
                    "seed range " + first + ".." + last + " is reversed (the first seed must not be after the last)");
        }
        if (last - first + 1 > MAX_SEEDS || last - first + 1 <= 0) {
            throw new UserError(
                    "seed range " + first + ".." + last + " is too large (at most " + MAX_SEEDS + " seeds)");
        }
    }

    public static SeedRange parse(String text) {
        if (text == null || text.isBlank()) {
            throw new UserError("seed range is empty (expected A..B, for example 1..1000)");
        }
        Matcher m = RANGE.matcher(text.trim());
        if (!m.matches()) {
            throw new UserError(
                    "seed range '" + text + "' is not of the form A..B with whole numbers (for example 1..1000)");
        }
        long a = parseSeed(m.group(1), text);
        long b = m.group(2) == null ? a : parseSeed(m.group(2), text);
        return new SeedRange(a, b);
    }

    private static long parseSeed(String s, String text) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new UserError("seed '" + s + "' in '" + text + "' does not fit in a 64-bit seed");
        }
    }

    public long count() {
        return last - first + 1;
    }

    public boolean contains(long seed) {
        return seed >= first && seed <= last;
    }

    @Override
    public String toString() {
        return first + ".." + last;
    }
}
