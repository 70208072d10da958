/**
 * The checks of drop-after-clone, observers that read the run from outside: {@code DorisChecks}
 * registers D1-D13 and {@code DorisClaims} says which the fix claims; {@code CopyObserver} reads the
 * BEs' disks (D1, D2, D13), {@code MoveProgress} the FE's moves (D4), {@code CatalogRecovery} the
 * FE's catalog across restarts (D5), {@code ReportedLoss} the replicas a report sets bad or deletes
 * (D8, D9), {@code ReportCadence} the BEs' reports (D12); {@code TabletCoverage} is the coverage
 * abstraction of a tablet's state.
 */
package shardsim.scenarios.dropafterclone.checks;
