package com.example.shop.cart.orders;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An order as its shopper and the merchant see it; amounts are integer minor units of
 * {@code currency}; {@code status} is an {@link OrderStatus}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OrderView(long number, String status, Instant placedAt, List<OrderLine> lines, long totalUnits, long totalAmount,
                        String currency, OrderPayment payment, List<OrderChange> history) {

    static OrderView of(StoredOrder order) {
        StoredOrder.Payment payment = order.payment();
        StoredOrder.Refund refund = payment.refund();
        return new OrderView(order.number(), order.status().wire(), order.placedAt(),
                order.lines().stream().map(line -> new OrderLine(line.sku(), line.title(), line.type(), line.product(), line.options(),
                        line.unitPrice(), line.qty(), line.lineTotal(), order.returned(line.sku()))).toList(),
                order.totalUnits(), order.totalAmount(), order.currency(),
                new OrderPayment(payment.method(), payment.chargeId(),
                        refund == null ? null : new OrderRefund(refund.state().wire(), refund.id(), refund.reason(), refund.at())),
                order.history().stream().map(change -> new OrderChange(change.status().wire(), change.at())).toList());
    }

    /** A line as sold: the product's title and key, the variant's option values, its price and units. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OrderLine(String sku, String title, String type,
                            @Schema(description = "The key of the product the variant belongs to; the sku itself for a product without options")
                            String product,
                            @Schema(description = "The variant's option values by option name, in the product's order; empty without options")
                            Map<String, String> options,
                            long unitPrice, int qty, long lineTotal,
                            @Schema(description = "Whether a cancel gave this line's units back to stock") boolean returned) {
    }

    /** How the order was paid, and its refund once a cancel got the gateway's answer. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OrderPayment(String method, String chargeId,
                               @Schema(required = true, nullable = true, description = "The refund of a cancelled order once the "
                                       + "payment gateway answered; null before") OrderRefund refund) {
    }

    /** A refund: {@code state} {@code refunded} with its {@code id}, or {@code declined} with a {@code reason}. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OrderRefund(String state, @Schema(nullable = true) String id, @Schema(nullable = true) String reason, Instant at) {
    }

    /** An entry of the order's history: the status it took, and when. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OrderChange(String status, Instant at) {
    }
}
