package com.example.shop.cart;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

/** The production crash points: nothing happens between the writes. */
@DefaultBean
@ApplicationScoped
public class NoCrashPoints implements CrashPoints {

    @Override
    public void reached(CrashPoint point) {
        // no fault injection outside tests
    }
}
