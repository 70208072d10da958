package shardsim.cli.docs;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;
import shardsim.cli.Main;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;

/**
 * Holds a documented command against the picocli model of {@code sim}: the subcommand and its
 * options must parse, and the names the parser takes as plain strings (the scenario, {@code
 * --mode}, {@code --plan}, the modes of {@code --node-mode}, {@code --invariant}) must be the
 * scenario's. A scenario that is not built in is accepted only when the command puts a jar on
 * {@code SIM_CLASSPATH} (the example project), and then only parsed.
 */
public final class DocCommandCheck {
    private final List<Scenario> scenarios = Scenarios.all();

    /** What is wrong with the command, or nothing. */
    public List<String> problems(DocCommand c) {
        List<String> out = new ArrayList<>();
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        CommandLine cmd = Main.newCommandLine(sink, sink);
        if (c.nameOnly()) {
            if (!c.args().isEmpty() && !cmd.getSubcommands().containsKey(c.command())) {
                out.add("no command '" + c.command() + "' (known: "
                        + String.join(", ", cmd.getSubcommands().keySet()) + ")");
            }
            return out;
        }
        ParseResult parsed;
        try {
            parsed = cmd.parseArgs(c.args().toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            out.add(e.getMessage());
            return out;
        }
        ParseResult last = parsed;
        while (last.subcommand() != null) {
            last = last.subcommand();
        }
        if (last == parsed && !parsed.isUsageHelpRequested() && !parsed.isVersionHelpRequested()) {
            out.add("no subcommand");
            return out;
        }
        Optional<Scenario> scenario = scenarioOf(last, c, out);
        if (scenario.isEmpty()) {
            return out;
        }
        Scenario s = scenario.get();
        for (OptionSpec o : last.matchedOptions()) {
            String name = o.longestName();
            for (String v : strings(o, last)) {
                if (name.equals("--mode")) {
                    expect(out, s.modes(), v, "mode", s);
                } else if (name.equals("--plan") && !v.endsWith(".json")) {
                    expect(out, s.plans(), v, "plan", s);
                } else if (name.equals("--node-mode")) {
                    expect(out, s.modes(), v.substring(v.indexOf('=') + 1), "mode in --node-mode", s);
                } else if (name.equals("--invariant")) {
                    expect(out, s.invariantNames(), v, "invariant", s);
                }
            }
        }
        return out;
    }

    /** The SCENARIO the command names, if it names a built-in one (problems added otherwise). */
    private Optional<Scenario> scenarioOf(ParseResult last, DocCommand c, List<String> out) {
        for (PositionalParamSpec p : last.matchedPositionals()) {
            if (!"SCENARIO".equals(p.paramLabel())) {
                continue;
            }
            String name = p.getValue() == null ? null : String.valueOf((Object) p.getValue());
            for (Scenario s : scenarios) {
                if (s.name().equals(name)) {
                    return Optional.of(s);
                }
            }
            if (!c.env().containsKey("SIM_CLASSPATH")) {
                out.add("unknown scenario '" + name + "' (built in: "
                        + scenarios.stream().map(Scenario::name).toList() + ")");
            }
        }
        return Optional.empty();
    }

    private static List<String> strings(OptionSpec o, ParseResult r) {
        List<String> out = new ArrayList<>();
        for (String s : r.matchedOption(o.longestName()).stringValues()) {
            out.add(s);
        }
        return out;
    }

    private static void expect(List<String> out, List<String> known, String value, String what, Scenario s) {
        if (!known.contains(value)) {
            out.add("unknown " + what + " '" + value + "' for " + s.name() + " (known: " + String.join(", ", known)
                    + ")");
        }
    }
}
