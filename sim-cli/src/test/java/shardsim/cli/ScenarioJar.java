package shardsim.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import shardsim.core.scenario.Scenario;

/**
 * External scenarios as a user supplies them: a jar (or a folder) whose
 * {@code META-INF/services/shardsim.core.scenario.Scenario} names their classes.
 */
public final class ScenarioJar {
    static final String SERVICES = "META-INF/services/" + Scenario.class.getName();
    private static final Path TEST_CLASSES = Path.of("target", "test-classes");
    private static final String FIXTURES = "shardsim/cli/testing/";

    private ScenarioJar() {}

    /** A jar holding the test scenarios' classes (they need only sim.jar) and a services file naming {@code providers}. */
    public static Path jar(Path file, List<Class<? extends Scenario>> providers) {
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(file));
                Stream<Path> classes = Files.walk(TEST_CLASSES.resolve(FIXTURES))) {
            for (Path c : classes.filter(p -> p.toString().endsWith(".class"))
                    .sorted()
                    .toList()) {
                jar.putNextEntry(
                        new JarEntry(TEST_CLASSES.relativize(c).toString().replace(java.io.File.separatorChar, '/')));
                Files.copy(c, jar);
                jar.closeEntry();
            }
            jar.putNextEntry(new JarEntry(SERVICES));
            writeServices(jar, providers);
            jar.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /**
     * A loader that finds {@code providers} as services through a folder holding only the services
     * file (the classes come from the test class path, its parent).
     */
    public static URLClassLoader loader(Path dir, List<Class<? extends Scenario>> providers) {
        try {
            Path services = dir.resolve(SERVICES);
            Files.createDirectories(services.getParent());
            try (OutputStream out = Files.newOutputStream(services)) {
                writeServices(out, providers);
            }
            return new URLClassLoader(new URL[] {dir.toUri().toURL()}, ScenarioJar.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeServices(OutputStream out, List<Class<? extends Scenario>> providers) throws IOException {
        String text =
                "# test scenarios\n" + providers.stream().map(Class::getName).collect(Collectors.joining("\n")) + "\n";
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }
}
