package com.example.shop.cart.webhooks;

/**
 * Starts a run of the webhook sender under its lease, or finds the one running (here or on another
 * replica). The jobs feature, which runs every job, implements it: webhooks knows no jobs.
 */
public interface SenderStarts {

    void start();
}
