package shardsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.base.UserError;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.InputLimits;
import shardsim.cli.report.ScenarioReport;
import shardsim.core.scenario.Scenario;

/**
 * {@code sim report}: regenerates {@code reports/}, one folder per scenario and an index. The files
 * are a pure function of the code, so {@code --check} can compare them with what is committed.
 */
@Command(
        name = "report",
        description =
                "Regenerate the reproduction reports (reports/<scenario>/index.html and README.md, and reports/README.md).")
public final class ReportCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "reports",
            description = "The folder to write (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--force", description = "Write into a folder that holds files sim report did not write.")
    boolean force;

    @Option(names = "--check", description = "Write nothing; exit 1 if any file differs from what would be written.")
    boolean check;

    @Option(
            names = "--scenario",
            paramLabel = "NAME",
            description = "Only this scenario (repeatable); the index (DIR/README.md) is then left as it is.")
    List<String> only = new ArrayList<>();

    @Option(
            names = "--seeds",
            paramLabel = "N",
            defaultValue = "" + ScenarioReport.DEFAULT_SEEDS,
            description = "Seeds 0..N-1 in each mode's sweep (default: ${DEFAULT-VALUE}).")
    int seeds;

    public ReportCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        if (seeds < 1 || seeds > 10_000_000) {
            throw new UserError("--seeds must be between 1 and 10000000: " + seeds);
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new UserError("cannot write " + out + ": not a folder");
        }
        boolean made = false;
        List<Scenario> chosen = chosen();
        if (!check) {
            made = checkFolder();
        }
        boolean removeOnSignal = made;
        java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean();
        // A signal before the files are written removes the folder this run made: an empty folder
        // would only look like a report that failed.
        try (OnSignal signal = new OnSignal("report", () -> {
            if (removeOnSignal && !writing.get()) {
                removeIfEmpty(out);
            }
        })) {
            return report(chosen, signal, writing, made);
        }
    }

    private int report(
            List<Scenario> chosen, OnSignal signal, java.util.concurrent.atomic.AtomicBoolean writing, boolean made)
            throws IOException {
        Map<Path, String> files = new LinkedHashMap<>();
        List<ScenarioReport> reports = new ArrayList<>();
        int done = 0;
        for (Scenario s : chosen) {
            if (signal.signalled()) {
                if (made) {
                    removeIfEmpty(out);
                }
                ctx.err()
                        .println("sim report: interrupted after " + done + " of " + chosen.size()
                                + " scenarios; nothing written"
                                + (made ? " (the folder " + out + " it had made is removed)" : ""));
                ctx.err().flush();
                return ExitCodes.INTERRUPTED;
            }
            done++;
            ctx.err().println("sim report: " + s.name());
            ctx.err().flush();
            ScenarioReport r = ScenarioReport.of(s, seeds);
            reports.add(r);
            Path dir = out.resolve(s.name());
            files.put(dir.resolve("index.html"), r.html());
            files.put(dir.resolve("README.md"), r.markdown());
            r.svgFiles().forEach((name, svg) -> files.put(dir.resolve(name), svg));
            r.planFiles().forEach((name, plan) -> files.put(dir.resolve(name), plan));
        }
        if (only.isEmpty()) {
            files.put(out.resolve("README.md"), ScenarioReport.index(reports, seeds));
        } else {
            ctx.err()
                    .println("sim report: only " + String.join(", ", only) + "; " + out.resolve("README.md")
                            + " (the index of every scenario) is left as it is");
        }
        writing.set(true);
        return check ? check(files) : write(files);
    }

    /** Every scenario, or those --scenario names (each known, in the order given). */
    private List<Scenario> chosen() {
        if (only.isEmpty()) {
            return ctx.scenarios();
        }
        List<Scenario> out = new ArrayList<>();
        for (String name : only) {
            Scenario s = ctx.registry().named(name);
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }

    private static void removeIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // Not empty or gone: left as it is.
        }
    }

    /** Before the ten seconds of work: the folder can be created and written, and is a report folder or empty. */
    private boolean checkFolder() {
        AtomicOutput.checkFolder(out, "cannot write " + out + ": ");
        boolean made;
        try {
            made = AtomicOutput.makeFolder(out);
        } catch (IOException e) {
            throw AtomicOutput.cannotWrite(out, e);
        }
        if (!force && !isReportFolder()) {
            throw new UserError(out
                    + " holds files that sim report did not write (add --force to write the reports into it anyway)");
        }
        try {
            AtomicOutput.forget(AtomicOutput.newTemp(out, out.resolve("report"), ".probe"));
        } catch (IOException e) {
            throw AtomicOutput.cannotWrite(out, e);
        }
        return made;
    }

    /** Empty, or holding an index that {@code sim report} wrote. */
    private boolean isReportFolder() {
        try (Stream<Path> list = Files.list(out)) {
            if (list.findAny().isEmpty()) {
                return true;
            }
        } catch (IOException e) {
            throw AtomicOutput.cannotWrite(out, e);
        }
        Path index = out.resolve("README.md");
        try {
            return Files.isRegularFile(index)
                    && Files.size(index) < InputLimits.PLAN_BYTES
                    && Files.readString(index, StandardCharsets.UTF_8).contains(ScenarioReport.GENERATED_MARK);
        } catch (IOException e) {
            return false;
        }
    }

    private int write(Map<Path, String> files) throws IOException {
        for (Map.Entry<Path, String> f : files.entrySet()) {
            AtomicOutput.makeFolder(f.getKey().toAbsolutePath().getParent());
            try (AtomicOutput o = AtomicOutput.create(f.getKey())) {
                o.writer().write(f.getValue());
                o.commit();
            }
            readableByAll(f.getKey());
        }
        List<Path> stale = stale(files);
        for (Path p : stale) {
            ctx.err().println("sim report: " + p + " is not produced any more (remove it)");
        }
        ctx.out().println("wrote " + files.size() + " files to " + out);
        return ExitCodes.OK;
    }

    private int check(Map<Path, String> files) throws IOException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Path, String> f : files.entrySet()) {
            Path p = f.getKey();
            if (!Files.isRegularFile(p)) {
                problems.add(p + " is missing");
            } else if (Files.size(p) > 4L * f.getValue().length() + 1024
                    || !new String(Files.readAllBytes(p), StandardCharsets.UTF_8).equals(f.getValue())) {
                // The size test first: a file far larger than the page it should be differs, and is never read whole.
                problems.add(p + " differs");
            }
        }
        for (Path p : stale(files)) {
            problems.add(p + " is not produced any more");
        }
        for (String problem : problems) {
            ctx.err().println("sim report --check: " + problem);
        }
        if (problems.isEmpty()) {
            ctx.out().println(files.size() + " files in " + out + " are up to date");
            return ExitCodes.OK;
        }
        ctx.out().println(problems.size() + " file(s) in " + out + " are out of date; run ./sim report");
        return ExitCodes.VIOLATION;
    }

    /** Temporary files are private; a report is for everyone who can read the folder. */
    private static void readableByAll(Path p) throws IOException {
        try {
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException notPosix) {
            // Not a POSIX file system: its defaults apply.
        }
    }

    /** Files in the scenario folders that this run did not produce. */
    private List<Path> stale(Map<Path, String> files) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Scenario s : chosen()) {
            Path dir = this.out.resolve(s.name());
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> list = Files.list(dir)) {
                list.filter(p -> !files.containsKey(p)
                                && !p.getFileName().toString().startsWith("."))
                        .sorted()
                        .forEach(out::add);
            }
        }
        return out;
    }
}
