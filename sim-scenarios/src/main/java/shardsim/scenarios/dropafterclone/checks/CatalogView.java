package shardsim.scenarios.dropafterclone.checks;

import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;
import shardsim.core.check.SimView;
import shardsim.core.node.Disk;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.Frontend;
import shardsim.scenarios.dropafterclone.model.TabletMeta;

/**
 * The FE's catalog and balance moves as the checks that judge one step of the catalog see them
 * (D8 and D9 in {@code ReportedLoss}, D10 in {@code ReportAdoption}, D11 in {@code BalanceFinish}):
 * as they are after the current event and as they were after the previous one. One per run and
 * shared, so the three read one copy and judge the same step. Read from outside: the FE's disk,
 * re-read only when its version moves, and the FE's moves ({@link Frontend#scheduledMoves}), re-read
 * only when they change. The first call in an event moves "now" to "before"; the catalog the
 * cluster was created with is the first "now".
 */
public final class CatalogView {
    private final SimView sim;
    private final Disk disk;
    private long event = Long.MIN_VALUE;
    private long seenVersion;
    private Frontend seenFe;
    private long seenMoveChanges = Long.MIN_VALUE;
    private NavigableMap<Long, TabletMeta> before;
    private NavigableMap<Long, TabletMeta> now;
    private NavigableMap<Long, Frontend.Move> movesBefore = Collections.emptyNavigableMap();
    private NavigableMap<Long, Frontend.Move> movesNow = Collections.emptyNavigableMap();
    private boolean catalogChanged;

    /** Built when the checks are registered. */
    public CatalogView(SimView sim) {
        this.sim = sim;
        this.disk = sim.disk(DorisCluster.FE);
        this.seenVersion = disk.version();
        this.now = readCatalog();
        this.before = now;
    }

    /** Whether the catalog changed in the current event. */
    public boolean catalogChanged() {
        refresh();
        return catalogChanged;
    }

    /** The catalog after the previous event, by tablet (metas are immutable). */
    public NavigableMap<Long, TabletMeta> before() {
        refresh();
        return before;
    }

    /** The catalog after the current event, by tablet. */
    public NavigableMap<Long, TabletMeta> now() {
        refresh();
        return now;
    }

    /** The FE's balance moves after the previous event, by tablet (none while no FE ran). */
    public NavigableMap<Long, Frontend.Move> movesBefore() {
        refresh();
        return movesBefore;
    }

    private void refresh() {
        long e = sim.eventNumber();
        if (e == event) {
            return;
        }
        event = e;
        before = now;
        movesBefore = movesNow;
        catalogChanged = false;
        long v = disk.version();
        if (v != seenVersion) {
            seenVersion = v;
            now = readCatalog();
            catalogChanged = true;
        }
        Frontend fe = sim.node(DorisCluster.FE, Frontend.class);
        long changes = fe == null ? Long.MIN_VALUE : fe.moveChanges();
        if (fe != seenFe || changes != seenMoveChanges) {
            seenFe = fe;
            seenMoveChanges = changes;
            TreeMap<Long, Frontend.Move> moves = new TreeMap<>();
            if (fe != null) {
                for (Frontend.Move m : fe.scheduledMoves()) {
                    moves.put(m.tabletId(), m);
                }
            }
            movesNow = Collections.unmodifiableNavigableMap(moves);
        }
    }

    private NavigableMap<Long, TabletMeta> readCatalog() {
        TreeMap<Long, TabletMeta> out = new TreeMap<>();
        for (TabletMeta m : Catalog.tablets(disk)) {
            out.put(m.tabletId(), m);
        }
        return Collections.unmodifiableNavigableMap(out);
    }
}
