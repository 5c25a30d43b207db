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
}
