package shardsim.cli.options;

import java.util.List;
import java.util.function.Supplier;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.Scenario;

/**
 * The scenarios a command line knows, loaded when a command first asks: so {@code sim --help}
 * and {@code sim --version} work even when a scenario on the class path cannot be loaded.
 */
public final class Registry {
    private final Supplier<List<Scenario>> load;
    private List<Scenario> loaded;

    private Registry(Supplier<List<Scenario>> load) {
        this.load = load;
    }

    /** Exactly these scenarios, in this order. */
    public static Registry of(List<Scenario> scenarios) {
        List<Scenario> copy = List.copyOf(scenarios);
        return new Registry(() -> copy);
    }

    /** The scenarios {@code load} gives when first asked; it reports bad scenarios with a {@link UserError}. */
    public static Registry lazy(Supplier<List<Scenario>> load) {
        return new Registry(load);
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
        throw new UserError("unknown scenario '" + name + "' (known: " + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
    }
}
