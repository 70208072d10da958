package shardsim.cli.sweep;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import shardsim.cli.base.UserError;

/**
 * The result files a command is given: files as named, every {@code *.jsonl} file of a folder
 * (the shared volume a Kubernetes Indexed Job's pods write to, or the folder a CI matrix's
 * artifacts are downloaded into), or a glob in the last part of a path ({@code results/shard-*.jsonl})
 * for callers whose shell does not expand it. Folders and globs are listed in name order so that
 * messages come out the same on every machine.
 */
public final class ResultFiles {
    /** What a folder's result files end with; anything else in it (a summary, a lock file) is not read. */
    public static final String SUFFIX = ".jsonl";

    private ResultFiles() {}

    /** Each argument as the files it stands for, in order (a file named twice stays twice, for the reader to refuse). */
    public static List<Path> expand(List<Path> args) {
        List<Path> out = new ArrayList<>();
        for (Path a : args) {
            if (Files.isDirectory(a)) {
                List<Path> in = list(a, "*" + SUFFIX, a + " is a folder without result files (*" + SUFFIX + ")");
                out.addAll(in);
            } else if (!Files.exists(a) && (isGlob(a.getFileName()) || isGlob(a.getParent()))) {
                Path parent = a.getParent() == null ? Path.of(".") : a.getParent();
                if (isGlob(parent)) {
                    throw new UserError(a + ": only the last part of a path may hold a glob (*, ?, [...], {...})");
                }
                out.addAll(list(parent, a.getFileName().toString(), "no file matches " + a));
            } else {
                out.add(a);
            }
        }
        return out;
    }

    private static List<Path> list(Path folder, String glob, String none) {
        PathMatcher m;
        try {
            m = FileSystems.getDefault().getPathMatcher("glob:" + glob);
        } catch (IllegalArgumentException e) {
            throw new UserError(
                    "'" + glob + "' is not a glob: " + shardsim.cli.io.Text.oneLine(String.valueOf(e.getMessage())));
        }
        TreeSet<Path> found = new TreeSet<>();
        try (DirectoryStream<Path> in = Files.newDirectoryStream(folder)) {
            for (Path p : in) {
                if (m.matches(p.getFileName()) && Files.isRegularFile(p)) {
                    found.add(p);
                }
            }
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UserError(none + " (folder " + folder + " does not exist)");
        } catch (IOException e) {
            throw new UserError(
                    "cannot list " + folder + ": " + shardsim.cli.io.Text.oneLine(String.valueOf(e.getMessage())));
        }
        if (found.isEmpty()) {
            throw new UserError(none);
        }
        return new ArrayList<>(found);
    }

    private static boolean isGlob(Path p) {
        if (p == null) {
            return false;
        }
        String s = p.toString();
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0 || s.indexOf('{') >= 0;
    }
}
