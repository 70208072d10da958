package shardsim.cli.explore;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import shardsim.cli.base.Launcher;
import shardsim.cli.base.UserError;
import shardsim.cli.io.AtomicOutput;
import shardsim.cli.io.PlanFile;
import shardsim.core.explore.Finding;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.ShellWords;

/**
 * The plan files of an exploration's failures, one per distinct failure (its first run), in the
 * folder {@code --out}: {@code SCENARIO-MODE-explore-seed-X-run-N.json}, each naming its seed, so
 * {@code sim run} and {@code sim shrink} take the file alone. Checked before the search: the folder
 * (or its parent) exists, and holds no plan of the same exploration, which would be overwritten.
 * Each plan is written the moment its failure is found, so a stopped search keeps them all.
 */
public final class FindingFiles {
    private final Path folder;
    private final String scenario;
    private final String mode;
    private final String prefix;
    private final boolean defaulted;
    private final java.util.Map<Integer, Written> written = new java.util.LinkedHashMap<>();

    /** A written plan: the finding, its file, and the commands that replay and shrink it (null for a run that threw). */
    public record Written(Finding finding, Path file, String reproduce, String shrink) {}

    /** The first invariant of the finding's signature (the one a shrink keeps failing). */
    static String firstInvariant(Finding f) {
        int plus = f.signature().indexOf('+');
        return plus < 0 ? f.signature() : f.signature().substring(0, plus);
    }

    /**
     * @param folder --out, or null for the default {@code sim-out/explore} (made, with sim-out, when the first plan is written)
     */
    public FindingFiles(Path folder, String scenario, String mode, long seed) {
        this.defaulted = folder == null;
        this.folder = folder != null ? folder : Path.of("sim-out", "explore");
        if (defaulted) {
            AtomicOutput.checkFolder(this.folder.getParent(), "cannot write " + this.folder + ": ");
        }
        this.scenario = scenario;
        this.mode = mode;
        this.prefix = scenario + "-" + mode + "-explore-seed-" + seed + "-run-";
        check();
    }

    private void check() {
        if (defaulted && !Files.isDirectory(folder.getParent())) {
            return;
        }
        AtomicOutput.checkFolder(folder, defaulted ? "cannot write " + folder + ": " : "--out: ");
        if (!Files.isDirectory(folder)) {
            return;
        }
        try (DirectoryStream<Path> in = Files.newDirectoryStream(folder, prefix + "*.json")) {
            for (Path p : in) {
                throw new UserError(folder + " already holds plans of this exploration (" + p.getFileName()
                        + "); remove them, or give another --out");
            }
        } catch (IOException e) {
            throw new UserError("cannot read folder " + folder + ": " + shardsim.cli.io.IoFailure.why(e));
        }
    }

    /** Writes one finding's plan as soon as it is found (the folder is made if need be); the file appears whole or not at all. */
    public Written write(Finding f) throws IOException {
        if (defaulted && folder.getParent() != null) {
            AtomicOutput.makeFolder(folder.getParent());
        }
        Path file = folder.resolve(prefix + f.run() + ".json");
        CustomPlan plan = f.plan().withSource(file.toString());
        try (AtomicOutput o = AtomicOutput.create(file)) {
            o.writer().write(PlanFile.toJson(plan, scenario, f.seed()).toPrettyString());
            o.writer().write("\n");
            o.commit();
        }
        String reproduce =
                Launcher.prefix() + ShellWords.join("sim", "run", scenario, "--mode", mode, "--plan", file.toString());
        // A run that threw has no invariant to keep failing: the plan reproduces it, a shrink does not apply.
        String shrink = f.error() != null
                ? null
                : Launcher.prefix()
                        + ShellWords.join(
                                "sim",
                                "shrink",
                                scenario,
                                "--mode",
                                mode,
                                "--plan",
                                file.toString(),
                                "--invariant",
                                firstInvariant(f));
        Written w = new Written(f, file, reproduce, shrink);
        written.put(f.run(), w);
        return w;
    }

    /** The files written, each with its finding as the search ended (its final count), in the order of {@code findings}. */
    public List<Written> written(List<Finding> findings) {
        List<Written> out = new ArrayList<>();
        for (Finding f : findings) {
            Written w = written.get(f.run());
            if (w != null) {
                out.add(new Written(f, w.file(), w.reproduce(), w.shrink()));
            }
        }
        return out;
    }
}
