package shardsim.testkit.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackageGraphTest {
    @Test
    void seesQualifiedNamesAndWildcardsAndSkipsCommentsAndStrings() {
        String code = "import a.b.sim.Simulation;\n// a.b.run.World\n/* a.b.aim.X */ String s = \"a.b.check.Rule\";\n"
                + "String t = \"\"\"\n a.b.text.Y\n\"\"\";\n"
                + "char c = '\"'; int n = a.b.trace.Micros.format(x); import static a.b.node.Envelope.of; import a.b.fault.*;"
                + " a.bc.other.Z z; a.b.Root r;";
        assertEquals(
                Set.of("a.b.sim", "a.b.trace", "a.b.node", "a.b.fault", "a.b"), PackageGraph.references("a.b", code));
    }

    @Test
    void findsTheShortestCycleAndWhatReachesWhat(@TempDir Path src) throws IOException {
        write(src, "r/x/X.java", "package r.x; import r.y.Y; class X {}");
        write(src, "r/y/Y.java", "package r.y; class Y { r.z.Z z; }");
        write(src, "r/z/Z.java", "package r.z; import r.x.X; import r.w.W; class Z {}");
        write(src, "r/w/W.java", "package r.w; class W { /* r.x.X */ }");
        PackageGraph g = PackageGraph.read(src, "r");
        assertEquals(Set.of("r.y"), g.usesOf("r.x"));
        assertEquals(Set.of(), g.usesOf("r.w"));
        assertEquals(List.of("r.x", "r.y", "r.z", "r.x"), g.cycleThrough("r.x"));
        assertEquals(List.of(), g.cycleThrough("r.w"));
        assertFalse(g.anyCycle().isEmpty());
        assertTrue(g.reaches("r.y", "r.w"));
        assertFalse(g.reaches("r.w", "r.x"));
    }

    @Test
    void aTreeHasNoCycle(@TempDir Path src) throws IOException {
        write(src, "r/a/A.java", "package r.a; import r.b.B; class A {}");
        write(src, "r/b/B.java", "package r.b; class B {}");
        assertEquals(List.of(), PackageGraph.read(src, "r").anyCycle());
    }

    private static void write(Path root, String file, String text) throws IOException {
        Path p = root.resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }
}
