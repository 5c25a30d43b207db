package com.example.shop.cart.inventory;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

/** The production checkpoints: nothing happens between a batch's read and its write. */
@DefaultBean
@ApplicationScoped
public class NoImportCheckpoints implements ImportCheckpoints {

    @Override
    public void betweenReadAndWrite() {
        // no fault injection outside tests
    }
}
