package com.example.shop.cart.webhooks;

import com.example.shop.web.WireName;

/** Where a delivery is: stored and shown in lower case. */
public enum DeliveryState implements WireName {
    /** Not yet answered with a 2xx, and still within its retries. */
    PENDING,
    /** A receiver answered 2xx. */
    SUCCEEDED,
    /** Retried for {@code cart.webhooks.retry-for} without a 2xx, or its subscription was disabled. */
    FAILED;
}
