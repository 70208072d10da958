package shardsim.cli.options;

import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.function.Supplier;
import shardsim.cli.base.UserError;
import shardsim.cli.io.Text;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;

/**
 * The scenarios a command line knows, loaded when a command first asks: so {@code sim --help}
 * and {@code sim --version} work even when a scenario on the class path cannot be loaded.
 */
public final class Registry {
    private final Supplier<List<Scenario>> load;
    private List<Path> classPath;
    private List<Scenario> loaded;

    private Registry(Supplier<List<Scenario>> load, List<Path> classPath) {
        this.load = load;
        this.classPath = List.copyOf(classPath);
    }

    /**
     * The built-in scenarios and those of {@code simClasspath} (the value of {@code SIM_CLASSPATH},
     * null for none; see {@link ScenarioClassPath}) on top of {@code base}. The variable is read
     * when a command first asks for a scenario, so {@code sim --help} works whatever it says; a bad
     * entry is then a one-line {@link UserError}.
     */
    public static Registry fromEnvironment(String simClasspath, ClassLoader base) {
        Registry[] self = new Registry[1];
        self[0] = new Registry(
                () -> {
                    ClassLoader loader = ScenarioClassPath.loader(simClasspath, base);
                    Registry inner = discovered(loader);
                    List<Scenario> all = inner.all();
                    self[0].classPath = inner.classPath();
                    return all;
                },
                List.of());
        return self[0];
    }

    /** Exactly these scenarios, in this order. */
    public static Registry of(List<Scenario> scenarios) {
        List<Scenario> copy = List.copyOf(scenarios);
        return new Registry(() -> copy, List.of());
    }

    /**
     * The built-in scenarios, then those {@code loader} finds as services (on the class path:
     * {@code SIM_CLASSPATH}). A name taken twice, or a scenario that cannot be loaded, is a
     * one-line {@link UserError}.
     */
    public static Registry discovered(ClassLoader loader) {
        return new Registry(
                () -> {
                    try {
                        return Scenarios.withDiscovered(loader);
                    } catch (IllegalArgumentException e) {
                        throw new UserError(e.getMessage());
                    } catch (ServiceConfigurationError e) {
                        Throwable cause = e.getCause();
                        throw new UserError(
                                "cannot load a scenario from the class path: " + Text.oneLine(e.getMessage())
                                        + (cause == null ? "" : " (" + Text.oneLine(String.valueOf(cause)) + ")"),
                                e);
                    }
                },
                urls(loader));
    }

    /** Every scenario, in the order {@code sim list} shows them. */
    public synchronized List<Scenario> all() {
        if (loaded == null) {
            loaded = List.copyOf(load.get());
        }
        return loaded;
    }

    /** The scenario with this name, or a {@link UserError} naming the known ones. */
    public Scenario named(String name) {
        for (Scenario s : all()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        List<String> names = all().stream().map(Scenario::name).toList();
        throw new UserError("unknown scenario '" + name + "' (known: "
                + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
    }

    /**
     * What a child JVM adds to this JVM's class path to find the same scenarios: the folders and
     * jars of the loader the registry was given, when that is not the class path's own loader.
     */
    public synchronized List<Path> classPath() {
        all();
        return classPath;
    }

    private static List<Path> urls(ClassLoader loader) {
        List<Path> out = new ArrayList<>();
        if (loader instanceof URLClassLoader u) {
            for (URL url : u.getURLs()) {
                try {
                    if ("file".equals(url.getProtocol())) {
                        out.add(Path.of(url.toURI()));
                    }
                } catch (URISyntaxException e) {
                    throw new IllegalArgumentException("bad class path entry " + url, e);
                }
            }
        }
        return out;
    }
}
