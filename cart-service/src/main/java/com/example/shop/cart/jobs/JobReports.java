package com.example.shop.cart.jobs;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** What a job run did. */
public final class JobReports {

    private JobReports() {
    }

    /**
     * @param locked carts this run moved active → expiring for being idle
     * @param heldTooLong carts moved active → expiring for holding stock longer than the max hold
     * @param expired carts moved expiring → expired (their stock returned)
     * @param deleted carts that held nothing, deleted after their retention
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ExpiryReport(int locked, int heldTooLong, int expired, long returnedUnits, long deleted) {
    }

    /** @param examined old carted entries looked at; @param returnedEntries entries (partly) returned */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CleanupReport(int examined, int returnedEntries, long returnedUnits) {
    }

    /** @param completed stalled checkouts found approved; @param released found declined or unknown; @param finalized complete carts whose sale was finished */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CheckoutReport(int completed, int released, int finalized) {
    }
}
