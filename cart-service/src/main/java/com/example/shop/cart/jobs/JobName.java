package com.example.shop.cart.jobs;

import java.util.Arrays;
import java.util.Optional;

/** The jobs an admin can start and the scheduler runs; stored and shown as their path names. */
public enum JobName {
    EXPIRE_CARTS("expire-carts"),
    CLEANUP_INVENTORY("cleanup-inventory"),
    RESOLVE_CHECKOUTS("resolve-checkouts");

    private final String wire;

    JobName(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<JobName> fromWire(String value) {
        return Arrays.stream(values()).filter(job -> job.wire.equals(value)).findFirst();
    }

    public static String allWire() {
        return String.join(", ", Arrays.stream(values()).map(JobName::wire).toList());
    }
}
