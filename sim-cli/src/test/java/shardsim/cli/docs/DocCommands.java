package shardsim.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every {@code ./sim ...} command README.md and docs/**.md write, in fenced code blocks (a line,
 * joined with its backslash continuations) and in inline code. The convention the docs follow:
 * {@code ./sim ...} is a command that works as written from the repository's root; a template
 * with placeholders is written {@code sim sweep SCENARIO ...}, without {@code ./}, and is not
 * collected. A shell comment on a command's line may give its exit code: {@code # exit 1}.
 */
public final class DocCommands {
    private static final Pattern COMMAND = Pattern.compile("^((?:[A-Z_][A-Z0-9_]*=\\S*\\s+)*)\\./sim(?:\\s+(.*))?$");
    private static final Pattern INLINE = Pattern.compile("`((?:[A-Z_][A-Z0-9_]*=\\S*\\s+)*\\./sim(?:\\s[^`]*)?)`");
    private static final Pattern EXIT = Pattern.compile("\\bexits? (\\d)\\b");

    private DocCommands() {}

    /** The repository's root, seen from the module (tests run in sim-cli/). */
    public static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.exists(here.resolve("README.md")) && Files.isDirectory(here.resolve("sim-cli"))
                ? here
                : here.getParent();
    }

    /** README.md and every Markdown file under docs/, in path order. */
    public static List<Path> documents(Path root) {
        List<Path> out = new ArrayList<>();
        out.add(root.resolve("README.md"));
        Path docs = root.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> files = Files.walk(docs)) {
                files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    public static List<DocCommand> in(Path root) {
        List<DocCommand> out = new ArrayList<>();
        for (Path doc : documents(root)) {
            try {
                out.addAll(of(root.relativize(doc).toString(), Files.readString(doc, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** The commands of one document's text. */
    public static List<DocCommand> of(String name, String text) {
        List<DocCommand> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        boolean fenced = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                int first = i;
                StringBuilder joined = new StringBuilder(line.strip());
                while (joined.toString().endsWith("\\") && i + 1 < lines.length) {
                    joined.setLength(joined.length() - 1);
                    joined.append(' ').append(lines[++i].strip());
                }
                String logical = joined.toString().replaceFirst("^\\$\\s+", "");
                if (COMMAND.matcher(logical).matches()) {
                    out.add(parse(name + ":" + (first + 1), logical, false));
                }
            } else {
                Matcher m = INLINE.matcher(line);
                while (m.find()) {
                    out.add(parse(name + ":" + (i + 1), m.group(1), true));
                }
            }
        }
        return out;
    }

    /** A command line: its words, its environment prefix, and the exit code its comment gives. */
    static DocCommand parse(String where, String written, boolean inline) {
        List<String> words = new ArrayList<>();
        String comment = split(written, words);
        Integer exit = null;
        if (comment != null) {
            Matcher m = EXIT.matcher(comment);
            if (m.find()) {
                exit = Integer.valueOf(m.group(1));
            }
        }
        Map<String, String> env = new LinkedHashMap<>();
        int at = 0;
        while (at < words.size() && words.get(at).matches("[A-Z_][A-Z0-9_]*=.*")) {
            String w = words.get(at++);
            env.put(w.substring(0, w.indexOf('=')), w.substring(w.indexOf('=') + 1));
        }
        if (at >= words.size() || !words.get(at).equals("./sim")) {
            throw new IllegalArgumentException(where + ": not a ./sim command: " + written);
        }
        String shown = comment == null
                ? written.strip()
                : written.substring(0, written.indexOf(comment) - 1).strip();
        return new DocCommand(where, shown, env, words.subList(at + 1, words.size()), exit, inline);
    }

    /**
     * Splits a shell line into words (single and double quotes, no expansion), stopping at a
     * comment or at what ends the command ({@code |}, {@code ;}, {@code &&}, {@code >}); returns
     * the comment, or null.
     */
    static String split(String line, List<String> words) {
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                if (word == null) {
                    word = new StringBuilder();
                }
                continue;
            }
            if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            if (c == '#' && word == null) {
                return line.substring(i);
            }
            if (c == '|' || c == ';' || c == '&' || c == '>' || c == '<') {
                int hash = line.indexOf(" #", i);
                if (word != null && !(c == '>' && word.toString().matches("[12]"))) {
                    words.add(word.toString());
                }
                return hash < 0 ? null : line.substring(hash + 1);
            }
            if (word == null) {
                word = new StringBuilder();
            }
            word.append(c);
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed quote in: " + line);
        }
        if (word != null) {
            words.add(word.toString());
        }
        return null;
    }
}
