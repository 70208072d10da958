package shardsim.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The container image's definition (jib-maven-plugin in sim-cli/pom.xml), checked without a
 * registry: base image, entry point, the launcher it adds and what that launcher runs. Building
 * the image needs the base image from a registry, so CI does not build it.
 */
class ImageDefinitionTest {
    private static final Path LAUNCHER = Path.of("src", "main", "jib", "usr", "local", "bin", "sim");

    @TempDir
    Path dir;

    private static Element jib() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(Path.of("pom.xml").toFile());
        NodeList plugins = pom.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element p = (Element) plugins.item(i);
            if (text(p, "artifactId").equals("jib-maven-plugin")) {
                return p;
            }
        }
        throw new AssertionError("no jib-maven-plugin in sim-cli/pom.xml");
    }

    private static String text(Element e, String tag) {
        NodeList l = e.getElementsByTagName(tag);
        return l.getLength() == 0 ? "" : l.item(0).getTextContent().trim();
    }

    @Test
    void theImageIsAJava17JreRunningTheLauncherAndBoundToNoPhase() throws Exception {
        Element jib = jib();
        assertEquals(
                0,
                jib.getElementsByTagName("executions").getLength(),
                "no phase builds the image: mvn install needs no registry");
        assertEquals(
                "eclipse-temurin:17-jre",
                text((Element) jib.getElementsByTagName("from").item(0), "image"));
        assertEquals(
                "/usr/local/bin/sim",
                text((Element) jib.getElementsByTagName("entrypoint").item(0), "arg"));
        assertEquals(
                "src/main/jib",
                text((Element) jib.getElementsByTagName("path").item(0), "from"),
                "the launcher's folder is added at /");
        assertEquals(
                "/usr/local/bin/sim",
                text((Element) jib.getElementsByTagName("permission").item(0), "file"));
        assertEquals(
                "755", text((Element) jib.getElementsByTagName("permission").item(0), "mode"));
        assertTrue(Files.isRegularFile(LAUNCHER));
        Rig.Proc syntax = Rig.exec(List.of("sh", "-n", LAUNCHER.toString()), Map.of(), Path.of("."), 30);
        assertEquals(0, syntax.code(), syntax.err());
    }

    /** The launcher runs sim's main class over Jib's layout (/app/resources, /app/classes, /app/libs), then SIM_CLASSPATH. */
    @Test
    void theLauncherPutsJibsLayoutAndSimClasspathOnTheClassPath() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = Map.of("PATH", bin + ":/usr/bin:/bin");
        Rig.Proc plain = Rig.exec(List.of("sh", LAUNCHER.toString(), "sweep", "my scenario"), env, Path.of("."), 30);
        assertEquals(
                "-cp\n/app/resources:/app/classes:/app/libs/*\nshardsim.cli.Main\nsweep\nmy scenario\n",
                plain.out(),
                plain.err());
        Rig.Proc extra = Rig.exec(
                List.of("sh", LAUNCHER.toString(), "list"),
                Map.of("PATH", bin + ":/usr/bin:/bin", "SIM_CLASSPATH", "/x/mine.jar:/y"),
                Path.of("."),
                30);
        assertEquals(
                "-cp\n/app/resources:/app/classes:/app/libs/*:/x/mine.jar:/y\nshardsim.cli.Main\nlist\n",
                extra.out(),
                extra.err());
    }
}
