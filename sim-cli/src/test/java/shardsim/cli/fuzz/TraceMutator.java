package shardsim.cli.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** One mutation of a valid trace file; every one of them makes the file disagree with itself. */
final class TraceMutator {
    record Mutant(String text, String how) {}

    private TraceMutator() {}

    static Mutant mutate(List<String> base, SplittableRandom r) {
        List<String> lines = new ArrayList<>(base);
        int n = lines.size();
        switch (r.nextInt(7)) {
            case 0 -> {
                int a = r.nextInt(n);
                int b = (a + 1 + r.nextInt(n - 1)) % n;
                String t = lines.get(a);
                lines.set(a, lines.get(b));
                lines.set(b, t);
                return new Mutant(join(lines), "swap lines " + (a + 1) + " and " + (b + 1));
            }
            case 1 -> {
                int a = r.nextInt(n);
                String line = lines.get(a);
                int at = r.nextInt(line.length());
                char c = line.charAt(at);
                char d = "0123456789abcxyz{}\":, ".charAt(r.nextInt(22));
                if (d == c) {
                    d = c == 'z' ? 'y' : 'z';
                }
                lines.set(a, line.substring(0, at) + d + line.substring(at + 1));
                return new Mutant(join(lines), "edit line " + (a + 1) + " at " + at);
            }
            case 2 -> {
                int a = r.nextInt(n);
                lines.remove(a);
                return new Mutant(join(lines), "drop line " + (a + 1));
            }
            case 3 -> {
                int a = r.nextInt(n);
                lines.add(a, lines.get(a));
                return new Mutant(join(lines), "duplicate line " + (a + 1));
            }
            case 4 -> {
                String s = join(lines);
                int cut = r.nextInt(s.length() - 2);
                return new Mutant(s.substring(0, cut), "truncate at " + cut);
            }
            case 5 -> {
                lines.set(
                        0,
                        lines.get(0)
                                .replaceFirst("\"digest\":\"[0-9a-f]", "\"digest\":\"" + (r.nextBoolean() ? "x" : "0"))
                                .replaceFirst("\"digest\":\"00", "\"digest\":\"01"));
                if (lines.get(0).equals(base.get(0))) {
                    lines.set(0, lines.get(0).replaceFirst("\"seed\":", "\"seed\":1"));
                }
                return new Mutant(join(lines), "edit the header's digest");
            }
            default -> {
                int a = r.nextInt(n);
                lines.set(a, lines.get(a).replaceFirst(",\"c\":\"[0-9a-f]{8}\"}$", "}"));
                return new Mutant(join(lines), "drop the check of line " + (a + 1));
            }
        }
    }

    private static String join(List<String> lines) {
        return String.join("\n", lines) + "\n";
    }
}
