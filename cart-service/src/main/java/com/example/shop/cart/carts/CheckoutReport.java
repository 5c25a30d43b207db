package com.example.shop.cart.carts;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What a run of {@link ResolveCheckouts} did; a job run shows it as its counts, by these names in snake case.
 *
 * @param completed stalled checkouts found approved
 * @param released  found declined or unknown
 * @param finalized complete carts whose sale was finished
 * @param cancelsFinished cancelled orders whose returns or refund a dead cancel left
 * @param ordersAnnounced orders whose webhook events a dead request left unwritten
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CheckoutReport(int completed, int released, int finalized, int cancelsFinished, int ordersAnnounced) {
}
