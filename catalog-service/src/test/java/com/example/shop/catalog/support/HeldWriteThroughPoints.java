package com.example.shop.catalog.support;

import com.example.shop.catalog.search.feed.WriteThroughPoints;
import com.example.shop.testsupport.Hold;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Replaces the no-op write-through points in the tests: armed for a sku ({@link #holdBeforeIndex}),
 * it holds the next write of that sku after its MongoDB write and before it changes the index, until
 * the test lets it go, so that another write of the same sku can overtake it, or the database can go
 * away meanwhile. Disarmed for the sku after one hold; several skus may be armed at once.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class HeldWriteThroughPoints implements WriteThroughPoints {

    private static final Map<String, Hold> ARMED = new ConcurrentHashMap<>();

    /** Holds the next write of {@code sku} before its index change, until {@link Hold#release}. */
    public static Hold holdBeforeIndex(String sku) {
        Hold hold = new Hold();
        ARMED.put(sku, hold);
        return hold;
    }

    @Override
    public void beforeIndex(Collection<String> skus) {
        for (String sku : skus) {
            Hold hold = ARMED.remove(sku);
            if (hold != null) {
                hold.hold();
            }
        }
    }
}
