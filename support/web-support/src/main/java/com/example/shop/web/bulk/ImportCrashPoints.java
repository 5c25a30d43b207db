package com.example.shop.web.bulk;

/**
 * Called after each batch of an import has been written, where a process that dies leaves a run
 * half done. The production bean ({@link NoImportCrashPoints}) does nothing; a test replaces it to
 * throw an {@link Error} there, which the run lets through without recording an end, as a killed
 * process would: the run is then found stale and failed, and the same file imported again completes it.
 */
public interface ImportCrashPoints {

    void afterBatch(String kind, long lastLine);
}
