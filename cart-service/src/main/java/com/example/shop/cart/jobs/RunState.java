package com.example.shop.cart.jobs;

/** Where a job run is; stored and shown in lower case. */
public enum RunState {
    RUNNING,
    SUCCEEDED,
    FAILED;

    public String wire() {
        return name().toLowerCase();
    }
}
