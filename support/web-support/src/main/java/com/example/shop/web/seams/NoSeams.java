package com.example.shop.web.seams;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

/** The production seams: nothing happens at any point. */
@DefaultBean
@ApplicationScoped
public class NoSeams implements Seams {

    @Override
    public void reached(Seam seam, Object context) {
        // no fault injection outside tests
    }
}
