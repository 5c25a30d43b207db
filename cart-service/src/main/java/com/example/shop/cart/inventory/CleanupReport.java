package com.example.shop.cart.inventory;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What a run of {@link CleanupInventory} did; a job run shows it as its counts, by these names in snake case.
 *
 * @param examined        old carted entries looked at
 * @param returnedEntries entries (partly) returned
 * @param returnedUnits   units returned to available stock
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CleanupReport(int examined, int returnedEntries, long returnedUnits) {
}
