package com.example.shop.web.runs;

/** The labels runs share: what started a run. */
public final class RunLabels {

    public static final String TRIGGER = "trigger";
    public static final String MANUAL = "manual";
    public static final String SCHEDULED = "scheduled";

    private RunLabels() {
    }
}
