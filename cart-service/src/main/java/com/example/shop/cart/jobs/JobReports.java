package com.example.shop.cart.jobs;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.LinkedHashMap;
import java.util.Map;

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
        /** As a job run shows them. */
        public Map<String, Long> counts() {
            return ordered("locked", locked, "held_too_long", heldTooLong, "expired", expired,
                    "returned_units", returnedUnits, "deleted", deleted);
        }
    }

    /** @param examined old carted entries looked at; @param returnedEntries entries (partly) returned */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CleanupReport(int examined, int returnedEntries, long returnedUnits) {
        /** As a job run shows them. */
        public Map<String, Long> counts() {
            return ordered("examined", examined, "returned_entries", returnedEntries, "returned_units", returnedUnits);
        }
    }

    /** @param completed stalled checkouts found approved; @param released found declined or unknown; @param finalized complete carts whose sale was finished */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CheckoutReport(int completed, int released, int finalized) {
        /** As a job run shows them. */
        public Map<String, Long> counts() {
            return ordered("completed", completed, "released", released, "finalized", finalized);
        }
    }

    /** The counts in the order given: name, value, name, value, ... */
    private static Map<String, Long> ordered(Object... namesAndValues) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            counts.put((String) namesAndValues[i], ((Number) namesAndValues[i + 1]).longValue());
        }
        return counts;
    }
}
