package shardsim.testkit;

import com.sun.source.doctree.DocCommentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Which public types and members of a source tree have no javadoc comment: the check that holds an
 * API to "every public type and member is documented" (javadoc's doclint reports a missing comment
 * and a missing tag as one group, so it cannot require the one without the other). Reads the
 * sources with the JDK's compiler tree API, no compilation: a type is public API when it and every
 * type enclosing it are public (or members of an interface); a member when it is public or
 * protected (implicitly public in an interface) in such a type. Not required: members that
 * override ({@code @Override}, which inherit their documentation), a record's implicit members
 * (documented by the record's {@code @param}s), and the compact canonical constructor of a record.
 */
public final class ApiDocs {
    /**
     * The count of one source tree's public API.
     *
     * @param documented the types and members with a comment
     * @param missing each type or member without one, as {@code package.Type#member}
     */
    public record Tally(int documented, List<String> missing) {
        /** Types and members counted, documented or not. */
        public int total() {
            return documented + missing.size();
        }
    }

    private ApiDocs() {}

    /**
     * Counts the public API of the packages {@code packages} (exact names) under the source root
     * {@code sources} (a {@code src/main/java} folder).
     *
     * @param sources the source root
     * @param packages the packages to read
     * @return the documented count and what is missing
     */
    public static Tally count(Path sources, List<String> packages) {
        List<Path> files = new ArrayList<>();
        for (String p : packages) {
            Path dir = sources.resolve(p.replace('.', '/'));
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(f -> f.toString().endsWith(".java")
                                && !f.getFileName().toString().equals("package-info.java"))
                        .sorted()
                        .forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(files);
            JavacTask task = (JavacTask) javac.getTask(null, fm, null, List.of("-proc:none"), null, units);
            DocTrees docs = DocTrees.instance(task);
            Scanner scanner = new Scanner(docs);
            for (CompilationUnitTree unit : task.parse()) {
                scanner.pkg = unit.getPackageName() == null
                        ? ""
                        : unit.getPackageName().toString();
                scanner.scan(unit, null);
            }
            return new Tally(scanner.documented, List.copyOf(scanner.missing));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class Scanner extends TreePathScanner<Void, Void> {
        private final DocTrees docs;
        private final List<String> missing = new ArrayList<>();
        private int documented;
        private String pkg;
        private final List<String> types = new ArrayList<>();
        private final List<Boolean> interfaces = new ArrayList<>();
        private final List<Boolean> records = new ArrayList<>();

        Scanner(DocTrees docs) {
            this.docs = docs;
        }

        @Override
        public Void visitClass(ClassTree c, Void unused) {
            if (!types.isEmpty() && !isApi(c.getModifiers())) {
                return null;
            }
            if (types.isEmpty() && !c.getModifiers().getFlags().contains(Modifier.PUBLIC)) {
                return null;
            }
            types.add(c.getSimpleName().toString());
            interfaces.add(c.getKind() == Tree.Kind.INTERFACE || c.getKind() == Tree.Kind.ANNOTATION_TYPE);
            records.add(c.getKind() == Tree.Kind.RECORD);
            judge(String.join(".", types));
            try {
                return super.visitClass(c, unused);
            } finally {
                types.remove(types.size() - 1);
                interfaces.remove(interfaces.size() - 1);
                records.remove(records.size() - 1);
            }
        }

        @Override
        public Void visitMethod(MethodTree m, Void unused) {
            boolean overrides = m.getModifiers().getAnnotations().stream()
                    .anyMatch(a -> a.getAnnotationType().toString().equals("Override"));
            boolean compact = records.get(records.size() - 1) && isCompact(m);
            if (isApi(m.getModifiers()) && !overrides && !compact) {
                judge(String.join(".", types) + "#"
                        + (m.getName().contentEquals("<init>") ? types.get(types.size() - 1) : m.getName()) + "("
                        + params(m) + ")");
            }
            return null;
        }

        @Override
        public Void visitVariable(VariableTree v, Void unused) {
            // Fields and enum constants of an API type; a record's components are its @params.
            if (getCurrentPath().getParentPath().getLeaf() instanceof ClassTree
                    && isApi(v.getModifiers())
                    && !isRecordComponent(v)) {
                judge(String.join(".", types) + "#" + v.getName());
            }
            return null;
        }

        private boolean isRecordComponent(VariableTree v) {
            return records.get(records.size() - 1)
                    && !v.getModifiers().getFlags().contains(Modifier.STATIC);
        }

        /** A compact canonical constructor ({@code public Name { ... }}): no parameter list between its name and its body. */
        private boolean isCompact(MethodTree m) {
            if (!m.getName().contentEquals("<init>") || m.getBody() == null) {
                return false;
            }
            CompilationUnitTree unit = getCurrentPath().getCompilationUnit();
            long from = docs.getSourcePositions().getStartPosition(unit, m);
            long to = docs.getSourcePositions().getStartPosition(unit, m.getBody());
            try {
                CharSequence text = unit.getSourceFile().getCharContent(true);
                return from >= 0
                        && to > from
                        && text.subSequence((int) from, (int) to).toString().indexOf('(') < 0;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static String params(MethodTree m) {
            List<String> out = new ArrayList<>();
            m.getParameters().forEach(p -> out.add(p.getType().toString()));
            return String.join(", ", out);
        }

        private boolean isApi(ModifiersTree mods) {
            if (interfaces.get(interfaces.size() - 1)) {
                return !mods.getFlags().contains(Modifier.PRIVATE);
            }
            return mods.getFlags().contains(Modifier.PUBLIC) || mods.getFlags().contains(Modifier.PROTECTED);
        }

        private void judge(String name) {
            TreePath path = getCurrentPath();
            DocCommentTree doc = docs.getDocCommentTree(path);
            if (doc == null
                    || (doc.getFirstSentence().isEmpty() && doc.getBlockTags().isEmpty())) {
                missing.add(pkg + "." + name);
            } else {
                documented++;
            }
        }
    }
}
