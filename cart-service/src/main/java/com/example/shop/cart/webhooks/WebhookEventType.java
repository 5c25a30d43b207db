package com.example.shop.cart.webhooks;

import com.example.shop.web.WireName;

/**
 * The kinds of event a subscription can ask for, stored and shown as their dotted names
 * ({@code inventory.sold_out}). Each names its subject: an order's id, or a sku.
 */
public enum WebhookEventType implements WireName {
    /** An order was placed (a checkout completed); the subject is the order number. */
    ORDER_PLACED("order.placed"),
    /** An order was cancelled. */
    ORDER_CANCELLED("order.cancelled"),
    /** An order was fulfilled. */
    ORDER_FULFILLED("order.fulfilled"),
    /** A sku's last available unit was reserved or sold, or its stock was set to 0; the subject is the sku. */
    INVENTORY_SOLD_OUT("inventory.sold_out"),
    /** A sold-out sku has units available again. */
    INVENTORY_BACK_IN_STOCK("inventory.back_in_stock"),
    /** A product changed in the catalog; the subject is its sku. */
    PRODUCT_CHANGED("product.changed");

    private final String wire;

    WebhookEventType(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
