package shardsim.core.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Report prose kept in resource files beside the classes that present it, so that words are
 * edited as text and no figure hides in Java source. A file is Markdown paragraphs separated by
 * blank lines; the lines of a paragraph are joined with one space (wrap them anywhere between
 * words), paragraphs with one blank line, and a line starting with {@code <!--} is a comment.
 */
public final class Prose {
    private Prose() {}

    /**
     * The prose of resource {@code name}, looked up as {@code owner.getResource(name)} (beside
     * {@code owner}'s class file unless {@code name} starts with '/').
     *
     * @throws IllegalStateException if there is no such resource: a missing text is a build error
     */
    public static String load(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + name + " beside " + owner.getName());
            }
            return unwrap(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name + " beside " + owner.getName(), e);
        }
    }

    /** {@code text}'s paragraphs, each on one line, separated by one blank line; comment lines dropped. */
    public static String unwrap(String text) {
        List<String> paragraphs = new ArrayList<>();
        StringBuilder para = new StringBuilder();
        for (String line : text.replace("\r\n", "\n").split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith("<!--")) {
                continue;
            }
            if (t.isEmpty()) {
                if (para.length() > 0) {
                    paragraphs.add(para.toString());
                    para.setLength(0);
                }
                continue;
            }
            para.append(para.length() == 0 ? "" : " ").append(t);
        }
        if (para.length() > 0) {
            paragraphs.add(para.toString());
        }
        return String.join("\n\n", paragraphs);
    }
}
