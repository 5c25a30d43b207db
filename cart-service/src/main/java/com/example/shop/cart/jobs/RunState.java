package com.example.shop.cart.jobs;

/** Where a job run is; stored and shown in lower case. */
public enum RunState {
    RUNNING,
    SUCCEEDED,
    FAILED;

    public String wire() {
        return name().toLowerCase();
    }

    /** As stored in {@code job_runs}. */
    static RunState fromWire(String stored) {
        return java.util.Arrays.stream(values()).filter(value -> value.wire().equals(stored)).findFirst()
                .orElseThrow(() -> new IllegalStateException("a job run with the unknown state " + stored));
    }
}
