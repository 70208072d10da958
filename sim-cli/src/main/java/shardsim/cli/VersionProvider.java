package shardsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/** The simulator's version, filtered into a resource by the build so it cannot drift from the pom. */
public final class VersionProvider implements CommandLine.IVersionProvider {
    private static final String RESOURCE = "/shardsim/cli/version.properties";

    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {"sim " + version(), "Java " + System.getProperty("java.version")};
    }
}
