package com.example.shop.cart.carts;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What a run of {@link ExpireCarts} did; a job run shows it as its counts, by these names in snake case.
 *
 * @param locked        carts this run moved active → expiring for being idle
 * @param heldTooLong   carts moved active → expiring for holding stock longer than the max hold
 * @param expired       carts moved expiring → expired (their stock returned)
 * @param returnedUnits units returned to available stock
 * @param deleted       carts that held nothing, deleted after their retention
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ExpiryReport(int locked, int heldTooLong, int expired, long returnedUnits, long deleted) {
}
