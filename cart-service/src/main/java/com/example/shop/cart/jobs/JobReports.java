package com.example.shop.cart.jobs;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a job run did. */
public final class JobReports {

    private JobReports() {
    }

    /** @param locked carts this run moved active → expiring; @param expired carts moved expiring → expired */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ExpiryReport(int locked, int expired, long returnedUnits) {
        /** As a job run shows them. */
        public Map<String, Long> counts() {
            return ordered("locked", locked, "expired", expired, "returned_units", returnedUnits);
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

    private static Map<String, Long> ordered(String a, long x, String b, long y, String c, long z) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put(a, x);
        counts.put(b, y);
        counts.put(c, z);
        return counts;
    }
}
