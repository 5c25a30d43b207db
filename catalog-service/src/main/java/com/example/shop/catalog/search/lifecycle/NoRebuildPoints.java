package com.example.shop.catalog.search.lifecycle;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

/** The production {@link RebuildPoints}: a rebuild scans on without a stop. */
@DefaultBean
@ApplicationScoped
public class NoRebuildPoints implements RebuildPoints {

    @Override
    public void scanned(long products) {
    }
}
