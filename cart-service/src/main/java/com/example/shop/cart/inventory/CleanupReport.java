package com.example.shop.cart.inventory;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What a run of {@link CleanupInventory} did; a job run shows it as its counts, by these names in snake case.
 *
 * @param examined        journalled moves older than the threshold looked at
 * @param returnedEntries reservations (partly) returned because their cart claims less
 * @param returnedUnits   units returned to available stock
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CleanupReport(int examined, int returnedEntries, long returnedUnits) {
}
