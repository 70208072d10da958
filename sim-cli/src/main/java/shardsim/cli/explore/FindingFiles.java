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
 */
public final class FindingFiles {
    private final Path folder;
    private final String scenario;
    private final String mode;
    private final String prefix;

    /** A written plan: the finding, its file, and the commands that replay and shrink it (null for a run that threw). */
    public record Written(Finding finding, Path file, String reproduce, String shrink) {
    }

    /** The first invariant of the finding's signature (the one a shrink keeps failing). */
    static String firstInvariant(Finding f) {
        int plus = f.signature().indexOf('+');
        return plus < 0 ? f.signature() : f.signature().substring(0, plus);
    }

    public FindingFiles(Path folder, String scenario, String mode, long seed) {
        this.folder = folder;
        this.scenario = scenario;
        this.mode = mode;
        this.prefix = scenario + "-" + mode + "-explore-seed-" + seed + "-run-";
        check();
    }

    private void check() {
        if (Files.exists(folder)) {
            if (!Files.isDirectory(folder)) {
                throw new UserError("--out " + folder + " is not a folder");
            }
            try (DirectoryStream<Path> in = Files.newDirectoryStream(folder, prefix + "*.json")) {
                for (Path p : in) {
                    throw new UserError(folder + " already holds plans of this exploration (" + p.getFileName() + "); remove them or choose another --out");
                }
            } catch (IOException e) {
                throw new UserError("cannot read folder " + folder + ": " + e.getMessage());
            }
            return;
        }
        Path parent = folder.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new UserError("--out " + folder + ": its parent folder does not exist");
        }
    }

    /** Writes each finding's plan (the folder is made if need be), in order; every file appears whole or not at all. */
    public List<Written> write(List<Finding> findings) throws IOException {
        List<Written> out = new ArrayList<>();
        if (findings.isEmpty()) {
            return out;
        }
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw AtomicOutput.cannotWrite(folder, e);
        }
        for (Finding f : findings) {
            Path file = folder.resolve(prefix + f.run() + ".json");
            CustomPlan plan = f.plan().withSource(file.toString());
            try (AtomicOutput o = AtomicOutput.create(file)) {
                o.writer().write(PlanFile.toJson(plan, scenario, f.seed()).toPrettyString());
                o.writer().write("\n");
                o.commit();
            }
            String reproduce = Launcher.prefix() + ShellWords.join("sim", "run", scenario, "--mode", mode, "--plan", file.toString());
            // A run that threw has no invariant to keep failing: the plan reproduces it, a shrink does not apply.
            String shrink = f.error() != null ? null
                    : Launcher.prefix() + ShellWords.join("sim", "shrink", scenario, "--mode", mode, "--plan", file.toString(), "--invariant", firstInvariant(f));
            out.add(new Written(f, file, reproduce, shrink));
        }
        return out;
    }
}
