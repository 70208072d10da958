package com.example.pdstale;

import java.util.List;
import shardsim.core.run.Mode;

/**
 * The table of modes: whether PD's pre-check also rejects a heartbeat whose term is behind the
 * cached one (tikv/pd #2667). The epoch check is on in both.
 *
 * @param name the mode
 * @param rejectsStaleTerm PreCheckPutRegion compares terms as well as epochs
 */
public record PdMode(String name, boolean rejectsStaleTerm) implements Mode {
    static final List<PdMode> TABLE = List.of(new PdMode("buggy", false), new PdMode("fixed", true));
}
