package shardsim.cli.options;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipFile;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Text;

/**
 * The scenarios outside the built-in ones: {@code SIM_CLASSPATH}, jars and folders separated by
 * {@code :}, read by the command line itself, so {@code java -jar sim-cli-VERSION.jar} finds them
 * ({@code java -jar} ignores {@code -cp}). Every entry must exist, none may be empty, and at least
 * one must name a scenario ({@value #SERVICE}); an entry that names none is taken as a library a
 * scenario needs. An entry already on this JVM's class path (the {@code ./sim} launcher's
 * {@code -cp}, a child JVM's) is not loaded twice. Each problem is one {@link UserError} line.
 */
public final class ScenarioClassPath {
    /** Where a jar or folder names its scenarios, for {@link java.util.ServiceLoader}. */
    public static final String SERVICE = "META-INF/services/shardsim.core.scenario.Scenario";

    private ScenarioClassPath() {}

    /**
     * A loader over {@code parent} and the entries of {@code value} (the variable's value; null or
     * blank for none, which gives {@code parent} itself).
     */
    public static ClassLoader loader(String value, ClassLoader parent) {
        List<Path> entries = entries(value);
        if (entries.isEmpty()) {
            return parent;
        }
        Set<Path> onClassPath = new LinkedHashSet<>();
        for (String p : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!p.isEmpty()) {
                onClassPath.add(Path.of(p).toAbsolutePath().normalize());
            }
        }
        List<URL> urls = new ArrayList<>();
        for (Path e : entries) {
            if (!onClassPath.contains(e)) {
                try {
                    urls.add(e.toUri().toURL());
                } catch (MalformedURLException x) {
                    throw new UserError(variable() + " entry " + Text.oneLine(e.toString())
                            + " is not a path this JVM can load from");
                }
            }
        }
        return urls.isEmpty() ? parent : new URLClassLoader(urls.toArray(new URL[0]), parent);
    }

    /** The checked entries of {@code value}, absolute; empty for null or blank. */
    public static List<Path> entries(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        String name = variable();
        List<Path> out = new ArrayList<>();
        boolean scenario = false;
        String[] parts = value.split(File.pathSeparator, -1);
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            if (p.isBlank()) {
                throw new UserError(name + " has an empty entry (entry " + (i + 1) + " of " + parts.length + " in '"
                        + Text.oneLine(value) + "'); give jars or folders separated by '" + File.pathSeparator + "'");
            }
            Path path = Path.of(p).toAbsolutePath().normalize();
            if (!Files.exists(path)) {
                throw new UserError(name + " entry " + Text.oneLine(p) + " does not exist");
            }
            scenario |= namesAScenario(path, p);
            out.add(path);
        }
        if (!scenario) {
            throw new UserError(name + " (" + Text.oneLine(value) + ") names no scenario: no entry has " + SERVICE);
        }
        return out;
    }

    private static boolean namesAScenario(Path path, String given) {
        if (Files.isDirectory(path)) {
            return Files.isRegularFile(path.resolve(SERVICE));
        }
        try (ZipFile zip = new ZipFile(path.toFile())) {
            return zip.getEntry(SERVICE) != null;
        } catch (IOException e) {
            throw new UserError(
                    variable() + " entry " + Text.oneLine(given) + " is neither a folder nor a readable jar");
        }
    }

    private static String variable() {
        return shardsim.cli.base.Launcher.CLASS_PATH_VARIABLE;
    }
}
