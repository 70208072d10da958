package shardsim.scenarios.dropafterclone;

/**
 * Conditions that scenario faults impose on the FE's host and that outlive an FE crash (a slow
 * disk is slow for the next process too). One per run; never shared between runs.
 */
public final class FaultState {
    private long reportExtraMicros;

    public long reportExtraMicros() {
        return reportExtraMicros;
    }

    void setReportExtraMicros(long micros) {
        this.reportExtraMicros = micros;
    }
}
