package com.example.shop.category.categories;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

/** The production checkpoints: nothing happens between steps. */
@DefaultBean
@ApplicationScoped
public class NoCheckpoints implements Checkpoints {

    @Override
    public void reached(MoveStep step) {
        // no fault injection outside tests
    }
}
