package com.example.shop.cart.inventory;

import com.example.shop.problems.Problems;
import java.time.Duration;
import java.time.format.DateTimeParseException;

/** The {@code window} of the stock overview: how far back "most sold" counts, within what the stock documents keep. */
final class SalesWindow {

    static final Duration SHORTEST = SalesSlots.SLOT;

    private SalesWindow() {
    }

    /** The duration, or a 400 problem naming {@code field}. */
    static Duration parse(String value, String field) {
        Duration window;
        try {
            window = Duration.parse(value);
        } catch (DateTimeParseException e) {
            throw Problems.invalidField(field, "Query parameter '" + field + "' must be an ISO-8601 duration such as PT1H");
        }
        if (window.compareTo(SHORTEST) < 0 || window.compareTo(SalesSlots.LONGEST) > 0) {
            throw Problems.invalidField(field, "Query parameter '" + field + "' must be from " + SHORTEST + " to "
                    + SalesSlots.LONGEST + " (sales are counted in ten-minute slots, kept four hours)");
        }
        return window;
    }
}
