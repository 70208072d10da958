package shardsim.core.run;

/**
 * One row of a scenario's table of modes: a name for the command line and the parts of the fix it
 * switches on, as the record's other components ({@code buggy} has none on, {@code fixed} all, an
 * ablation all but one). The skeleton records the row as a run parameter, so a trace says which
 * parts were on.
 */
public interface Mode {
    /** The mode's name, as {@code --mode} and {@code --node-mode} take it. */
    String name();
}
