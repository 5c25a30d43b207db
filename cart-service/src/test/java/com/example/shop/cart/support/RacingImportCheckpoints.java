package com.example.shop.cart.support;

import com.example.shop.cart.inventory.ImportCheckpoints;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Test-only replacement of the production {@code NoImportCheckpoints}: a test arms a write (a
 * reservation, another admin's PUT), and the next stock import round that has read its batch runs
 * it, once, before the batch's bulk write: the race a guarded write must survive, made certain.
 */
@ApplicationScoped
public class RacingImportCheckpoints implements ImportCheckpoints {

    private final AtomicReference<Runnable> armed = new AtomicReference<>();

    public void arm(Runnable race) {
        armed.set(race);
    }

    /** True when the armed write has run. */
    public boolean fired() {
        return armed.get() == null;
    }

    @Override
    public void betweenReadAndWrite() {
        Runnable race = armed.getAndSet(null);
        if (race != null) {
            race.run();
        }
    }
}
