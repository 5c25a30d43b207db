package com.example.shop.catalog.search.feed;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;

/** The production {@link WriteThroughPoints}: a write goes on to the index at once. */
@DefaultBean
@ApplicationScoped
public class NoWriteThroughPoints implements WriteThroughPoints {

    @Override
    public void beforeIndex(Collection<String> skus) {
    }
}
