package com.example.shop.cart.orders;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What the orders placed in {@code [from, to)} sold, cancelled ones left out: per day (UTC, every
 * day of the range) and the skus that sold the most units. Revenue is integer minor units per
 * currency.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record SalesSummary(Instant from, Instant to, List<Day> days, List<TopSku> topSkus) {

    /** A day's orders, the units they sold and their revenue. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Day(@Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING, format = "date") LocalDate date,
                      long orders, long units,
                      @Schema(description = "Integer minor units by currency (ISO 4217), e.g. {\"USD\": 125000}") Map<String, Long> revenue) {
    }

    /** A sku among those that sold the most units: its title as last sold, units, revenue. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TopSku(String sku, String title, long units,
                         @Schema(description = "Integer minor units by currency (ISO 4217)") Map<String, Long> revenue) {
    }
}
