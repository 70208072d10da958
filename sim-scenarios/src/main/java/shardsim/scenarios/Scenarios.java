package shardsim.scenarios;

import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.regex.Pattern;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;
import shardsim.scenarios.splitstall.SplitStallScenario;
import shardsim.scenarios.versionskew.VersionSkewScenario;

/**
 * The registry of every scenario, in the order the command line lists them: the built-ins, then
 * the scenarios other jars add through {@link ServiceLoader} (a file
 * {@code META-INF/services/shardsim.core.scenario.Scenario} naming their classes).
 */
public final class Scenarios {
    /** A name is a folder of {@code sim report} and a word of every command: lower case, digits and dashes. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

    private Scenarios() {}

    /** The built-in scenarios. */
    public static List<Scenario> all() {
        List<Scenario> out = new ArrayList<>();
        out.add(new VersionSkewScenario());
        out.add(new DropAfterCloneScenario());
        out.add(new SplitStallScenario());
        return List.copyOf(out);
    }

    /**
     * The built-ins in their order, then the scenarios {@code loader} finds as services, sorted by
     * name (class path order is not part of a run's identity). A service of a built-in's own class
     * is that built-in, not a second one.
     *
     * @throws IllegalArgumentException in one line, when a found scenario's name is not a valid
     *     name or is taken (by a built-in or another found scenario)
     * @throws java.util.ServiceConfigurationError when a named class cannot be loaded or built
     */
    public static List<Scenario> withDiscovered(ClassLoader loader) {
        List<Scenario> builtIn = all();
        Map<String, Scenario> byName = new TreeMap<>();
        for (Scenario s : builtIn) {
            byName.put(s.name(), s);
        }
        Map<String, Scenario> found = new TreeMap<>();
        for (ServiceLoader.Provider<Scenario> p :
                ServiceLoader.load(Scenario.class, loader).stream().toList()) {
            if (builtIn.stream().anyMatch(b -> b.getClass() == p.type())) {
                continue;
            }
            Scenario s = p.get();
            String name = s.name();
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("scenario " + where(s) + " has the name '" + name
                        + "'; a name is 1 to 64 lower-case letters, digits and dashes");
            }
            Scenario taken = byName.get(name);
            if (taken != null) {
                boolean isBuiltIn = builtIn.contains(taken);
                throw new IllegalArgumentException(
                        "scenario " + where(s) + " is named '" + name + "', like " + (isBuiltIn ? "the built-in " : "")
                                + "scenario " + where(taken) + "; rename " + (isBuiltIn ? "it" : "one"));
            }
            byName.put(name, s);
            found.put(name, s);
        }
        List<Scenario> out = new ArrayList<>(builtIn);
        out.addAll(found.values());
        return List.copyOf(out);
    }

    public static Optional<Scenario> byName(String name) {
        return all().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public static List<String> names() {
        return all().stream().map(Scenario::name).toList();
    }

    /** The scenario's class and the jar or folder it came from. */
    private static String where(Scenario s) {
        CodeSource source = s.getClass().getProtectionDomain().getCodeSource();
        return s.getClass().getName()
                + (source == null || source.getLocation() == null
                        ? ""
                        : " (" + source.getLocation().getPath() + ")");
    }
}
