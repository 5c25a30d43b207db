package com.example.shop.stockinvariant;

import java.util.List;

/**
 * One sku's figures as read from the {@code cart} database, and what is wrong with them (empty
 * when nothing is). {@code expected} is what the caller knew it stocked ({@code "(stocked)"} when
 * it knew nothing and the service's own counter stood in); {@code returnedUnits} are the units of
 * complete carts that cancelled orders gave back to available stock.
 */
public record SkuCheck(String sku, String expected, long stocked, long available, long reserved, long sold,
                       long completeUnits, long returnedUnits, long holdingUnits, long oversold, List<String> problems) {

    public boolean ok() {
        return problems.isEmpty();
    }
}
