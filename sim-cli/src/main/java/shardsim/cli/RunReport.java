package shardsim.cli;

import java.io.PrintStream;
import java.util.Map;
import shardsim.cli.base.Launcher;
import shardsim.cli.base.Reproduce;
import shardsim.cli.io.Text;
import shardsim.cli.verdict.VerdictText;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.ShellWords;
import shardsim.core.scenario.Verdict;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceEvent;

/** The text a person reads after {@code sim run}: what ran, what broke, where, and how to get it back. */
final class RunReport {
    private RunReport() {}

    static void header(PrintStream out, RunSpec spec) {
        out.println("scenario " + spec.scenario() + "  mode " + spec.mode() + "  plan " + Text.oneLine(spec.plan())
                + "  seed " + spec.seed());
        out.flush();
    }

    static void body(
            PrintStream out,
            RunResult r,
            Verdict verdict,
            java.util.List<TraceEvent> last,
            boolean upToFirstViolation) {
        out.println("parameters:");
        for (Map.Entry<String, String> e :
                shardsim.cli.io.ParamLines.of(r.params()).entrySet()) {
            out.println("  " + Text.oneLine(e.getKey()) + " = " + Text.oneLine(e.getValue()));
        }
        out.println("result: " + VerdictText.headline(verdict));
        out.println("  digest " + r.digestHex() + ", " + r.events() + " events, " + r.traceEvents()
                + " trace events, virtual time " + Micros.format(r.virtualMicros()));
        if (r.ok()) {
            return;
        }
        VerdictText.details(out, verdict);
        out.println(
                "last " + last.size() + " trace events" + (upToFirstViolation ? " up to the first violation:" : ":"));
        for (TraceEvent e : last) {
            out.println("  " + Text.oneLine(e.render()));
        }
        out.println("reproduce: " + Launcher.prefix() + Reproduce.command(r.spec()));
        // Shrink what fails the run: its first broken claim, else its first gap.
        String v = (verdict.claimsHold() ? verdict.gaps() : verdict.broken())
                .get(0)
                .invariant();
        java.util.List<String> shrink = new java.util.ArrayList<>(java.util.List.of(
                "sim",
                "shrink",
                r.spec().scenario(),
                "--mode",
                r.spec().mode(),
                "--plan",
                r.spec().plan(),
                "--seed",
                Long.toString(r.spec().seed()),
                "--invariant",
                v));
        shrink.addAll(Reproduce.nodeModeArgs(r.spec()));
        out.println("shrink:    " + Launcher.prefix() + ShellWords.join(shrink.toArray(String[]::new)));
    }
}
