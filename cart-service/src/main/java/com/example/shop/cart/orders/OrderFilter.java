package com.example.shop.cart.orders;

import com.example.shop.problems.Problems;
import com.example.shop.web.WireName;
import com.example.shop.web.identifiers.Identifiers;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * Which orders the admin list and export take: each filter when given, placed in {@code [from, to)}.
 * Read from the query with {@link #of}: every value checked (a 400 naming its parameter), none of
 * them ever part of a query but as a value.
 */
public record OrderFilter(OrderStatus status, Instant from, Instant to, String sku) {

    /** No filter: every order. */
    static final OrderFilter ALL = new OrderFilter(null, null, null, null);

    /** The filter of these query values (each may be null). */
    public static OrderFilter of(String status, String from, String to, String sku) {
        OrderStatus wanted = status == null ? null : WireName.find(OrderStatus.class, status).orElseThrow(() ->
                Problems.invalidField("status", "Query parameter 'status' must be one of " + WireName.all(OrderStatus.class)));
        Instant since = from == null ? null : time(from, "from");
        Instant until = to == null ? null : time(to, "to");
        if (since != null && until != null && !since.isBefore(until)) {
            throw Problems.invalidField("to", "Query parameter 'to' must be later than 'from'");
        }
        return new OrderFilter(wanted, since, until, sku == null ? null : Identifiers.requireSku(sku, "sku"));
    }

    /**
     * A time in a query: an ISO-8601 instant ({@code 2026-12-03T10:15:00Z}, an offset allowed) or a
     * date ({@code 2026-12-03}, its midnight UTC); a 400 naming {@code field} otherwise.
     */
    static Instant time(String given, String field) {
        try {
            return OffsetDateTime.parse(given).toInstant();
        } catch (DateTimeParseException notATime) {
            try {
                return LocalDate.parse(given).atStartOfDay(ZoneOffset.UTC).toInstant();
            } catch (DateTimeParseException notADate) {
                throw Problems.invalidField(field, "Query parameter '" + field + "' must be an ISO-8601 time such as "
                        + "2026-12-03T10:15:00Z or a date such as 2026-12-03, not '" + Problems.excerpt(given) + "'");
            }
        }
    }
}
