package com.example.shop.cart.jobs;

/** What a job run did. */
public final class JobReports {

    private JobReports() {
    }

    /** @param locked carts this run moved active → expiring; @param expired carts moved expiring → expired */
    public record ExpiryReport(int locked, int expired, long returnedUnits) {
    }

    /** @param examined old carted entries looked at; @param returnedEntries entries (partly) returned */
    public record CleanupReport(int examined, int returnedEntries, long returnedUnits) {
    }

    /** @param completed stalled checkouts found approved; @param released found declined or unknown; @param finalized complete carts whose sale was finished */
    public record CheckoutReport(int completed, int released, int finalized) {
    }
}
