package shardsim.cli.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A printed command carries the class path it needs, quoted for a POSIX shell. */
class LauncherTest {
    @Test
    void withoutAClassPathTheLineStartsWithTheLauncher() {
        assertEquals("./", Launcher.prefix(null));
        assertEquals("./", Launcher.prefix(" "));
    }

    @Test
    void aClassPathGoesFirstQuotedWhenItMustBe() {
        assertEquals("SIM_CLASSPATH=target/mine.jar ./", Launcher.prefix("target/mine.jar"));
        assertEquals("SIM_CLASSPATH='my jars/a.jar:b.jar' ./", Launcher.prefix("my jars/a.jar:b.jar"));
    }
}
