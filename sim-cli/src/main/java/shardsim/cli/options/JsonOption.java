package shardsim.cli.options;

import picocli.CommandLine.Option;

/** {@code --json}: the result as one line of JSON on stdout instead of text. */
public final class JsonOption {
    @Option(names = "--json", description = "Print the result as one line of JSON instead of text.")
    boolean json;

    public boolean on() {
        return json;
    }
}
