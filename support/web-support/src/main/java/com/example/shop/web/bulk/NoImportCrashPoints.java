package com.example.shop.web.bulk;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

/** The production {@link ImportCrashPoints}: nothing happens between batches. */
@DefaultBean
@ApplicationScoped
public class NoImportCrashPoints implements ImportCrashPoints {

    @Override
    public void afterBatch(String kind, long lastLine) {
    }
}
