package shardsim.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Simulation code calls StrictMath, never Math, for a floating-point function: Math's may be CPU
 * intrinsics that differ in the last bit between JVMs, and one bit moves a drawn delay.
 */
class StrictMathSourceTest {
    private static final Pattern LOOSE = Pattern.compile(
            "(?<![\\w])Math\\.(exp|expm1|log|log1p|log10|pow|sqrt|cbrt|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|hypot)\\(");

    @Test
    void noLooseFloatingPointFunctionInSimulationCode() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (Path root : List.of(Path.of("src/main/java"), Path.of("../sim-core/src/main/java"))) {
            try (Stream<Path> s = Files.walk(root)) {
                for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                    files++;
                    Matcher m = LOOSE.matcher(Files.readString(p));
                    while (m.find()) {
                        found.add(p + ": " + m.group());
                    }
                }
            }
        }
        assertTrue(files > 100, "read " + files + " files");
        assertEquals(List.of(), found);
    }
}
