package com.example.shop.web.runs;

import java.util.Locale;

/** Where a run is; stored and shown as its lower-case name. */
public enum RunState {
    RUNNING, SUCCEEDED, FAILED;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
