package com.example.shop.cart.jobs;

/** What started a job run; stored and shown in lower case. */
public enum RunTrigger {
    /** An admin's {@code POST /admin/jobs/{job}}. */
    MANUAL,
    /** The service's own schedule ({@code cart.*.every}). */
    SCHEDULED;

    public String wire() {
        return name().toLowerCase();
    }

    /** As stored in {@code job_runs}. */
    static RunTrigger fromWire(String stored) {
        return java.util.Arrays.stream(values()).filter(value -> value.wire().equals(stored)).findFirst()
                .orElseThrow(() -> new IllegalStateException("a job run with the unknown trigger " + stored));
    }
}
