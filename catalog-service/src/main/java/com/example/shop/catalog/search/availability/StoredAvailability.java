package com.example.shop.catalog.search.availability;

import java.util.Date;

/**
 * A sku's availability as the cart service last reported it: sold out or not, the revision of the
 * cart's stock document that has this state ({@code seq}), and when it was recorded. A read of some
 * fields only (a projection) leaves the others null.
 */
record StoredAvailability(String sku, Boolean soldOut, Long seq, Date at) {
}
