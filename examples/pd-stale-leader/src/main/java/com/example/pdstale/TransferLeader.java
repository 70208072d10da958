package com.example.pdstale;

import shardsim.core.workload.Operation;

/** Move the leadership of a region to {@code toStore} (as PD's transfer-leader operator asks). */
public record TransferLeader(long regionId, String toStore) implements Operation {
}
