package com.example.shop.web.bulk;

/** A run's state, stored and shown as its lower-case name. */
public enum ImportState {
    RUNNING, SUCCEEDED, FAILED;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static ImportState of(String wire) {
        return valueOf(wire.toUpperCase(java.util.Locale.ROOT));
    }
}
