package com.example.shop.cart.inventory;

/** Public view of a sku's stock; never names the carts holding reservations. */
public record StockView(String sku, long available, long reserved) {
}
