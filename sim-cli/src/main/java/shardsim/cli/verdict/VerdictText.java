package shardsim.cli.verdict;

import java.io.PrintStream;
import java.util.List;
import shardsim.cli.io.Text;
import shardsim.core.check.Violation;
import shardsim.core.scenario.Verdict;
import shardsim.core.trace.Micros;

/** One run's verdict as a person and a program read it. */
public final class VerdictText {
    private VerdictText() {}

    /**
     * The result line: "ok, every claim held" (with the gaps seen, if any), or which claims broke
     * and whether the mode expected it.
     */
    public static String headline(Verdict v) {
        String mode = v.claims().mode();
        String gaps = v.gaps().isEmpty()
                ? ""
                : "; known gap " + String.join(", ", Verdict.names(v.gaps())) + " (not claimed by " + mode + ")";
        if (v.claimsHold()) {
            return "ok, every claim of " + mode + " held" + gaps;
        }
        List<String> broken = Verdict.names(v.broken());
        String claims =
                (broken.size() == 1 ? "claim " : "claims ") + String.join(", ", broken) + " of " + mode + " broken";
        if (v.broken().stream().allMatch(v::expected)) {
            claims = isBuggy(mode)
                    ? "the reported bug reproduced: " + claims + " (expected)"
                    : claims + " (expected of " + mode + ")";
        }
        return "VIOLATED: " + claims + gaps;
    }

    /** What a violation is to the verdict: "claim broken", "claim broken, expected" or "gap (not claimed)". */
    public static String label(Verdict v, Violation x) {
        if (v.gaps().contains(x)) {
            return "known gap, not claimed by " + v.claims().mode();
        }
        if (v.expected(x)) {
            return isBuggy(v.claims().mode())
                    ? "claim broken: the reported bug"
                    : "claim broken, expected of " + v.claims().mode();
        }
        return "claim broken";
    }

    /** The violations, claims first then gaps, each with why the mode expects or leaves it open. */
    public static void details(PrintStream out, Verdict v) {
        for (Violation x : v.broken()) {
            out.println("  claim " + line(x));
            if (v.expected(x)) {
                out.println("    expected of " + v.claims().mode() + ": "
                        + Text.oneLine(v.claims().of(x.invariant()).reason()));
            }
        }
        for (Violation x : v.gaps()) {
            out.println("  gap " + line(x));
            out.println("    not claimed by " + v.claims().mode() + ": "
                    + Text.oneLine(v.claims().of(x.invariant()).reason()));
        }
    }

    private static String line(Violation x) {
        return x.invariant() + " violated at t=" + Micros.format(x.timeMicros()) + " (event " + x.eventNumber() + "): "
                + Text.oneLine(x.message());
    }

    /** Whether {@code mode} is the reported code (its expected breaks are the reported bug). */
    public static boolean isBuggy(String mode) {
        return shardsim.core.scenario.Plans.BUGGY.equals(mode);
    }
}
