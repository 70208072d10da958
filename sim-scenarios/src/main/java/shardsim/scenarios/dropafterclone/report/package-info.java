/**
 * What reports show of drop-after-clone besides what they measure: the fidelity table
 * ({@code DorisFidelity}) that sets the model beside Doris's code, the report's fe.log and be.INFO
 * lines beside the documented run ({@code ReportLog}), and the prose ({@code DropAfterClonePresentation},
 * from this package's resources).
 */
package shardsim.scenarios.dropafterclone.report;
