package com.example.shop.cart.orders;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A page of the admin list of orders, newest first. */
public record OrderPage(List<OrderView> items,
                        @Schema(required = true, nullable = true, description = "The cursor of the next page; null on the last")
                        String next) {
}
