package com.example.shop.cart.webhooks;

import com.example.shop.cart.catalog.CatalogProductChanges;
import com.example.shop.cart.catalog.ProductChangesPage;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * The work of a {@code follow-product-changes} run, under the job's lease (one replica at a time):
 * while an enabled subscription wants {@code product.changed}, it reads the catalog's settled product
 * changes after its position ({@code GET /internal/product-changes}) and appends one event per product
 * and revision, subject the product's sku, sequence the catalog revision, then saves the position. A
 * follower killed in between appends the same events again, which writes nothing. When no subscription
 * wants the events any more the position is dropped and the run ends: the next starts at the catalog's
 * current revision. Changes the catalog trimmed before they were read (the cart was away longer than
 * the feed is kept) are counted as missed and logged (see docs/design.md, Webhooks).
 */
@ApplicationScoped
public class ProductChangeFollower {

    private static final Logger LOG = Logger.getLogger(ProductChangeFollower.class);

    /** A run's counts: catalog revisions that changed products, events appended, revisions missed. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Report(long revisions, long announced, long missed) {
    }

    private final CatalogProductChanges catalog;
    private final PositionStore positions;
    private final SubscriptionStore subscriptions;
    private final WebhookEvents events;
    private final AtomicBoolean running = new AtomicBoolean();

    ProductChangeFollower(CatalogProductChanges catalog, PositionStore positions, SubscriptionStore subscriptions, WebhookEvents events) {
        this.catalog = catalog;
        this.positions = positions;
        this.subscriptions = subscriptions;
        this.events = events;
    }

    /** Whether a run is working in this process. */
    public boolean runningHere() {
        return running.get();
    }

    /** Whether a run has anything to do: an enabled subscription wants {@code product.changed}. */
    public boolean wanted() {
        return subscriptions.anyWants(WebhookEventType.PRODUCT_CHANGED);
    }

    /**
     * One run: a round every {@code every} (at once while the catalog has more), until no subscription
     * wants the events. A catalog that cannot be read is asked again at the next round, from the same position.
     */
    public Report run(Duration every, Consumer<Report> progress) {
        if (!running.compareAndSet(false, true)) {
            throw new IllegalStateException("a product-changes follower runs in this process already");
        }
        long[] counts = new long[3];
        boolean failing = false;
        try {
            while (wanted()) {
                boolean more = false;
                try {
                    more = round(counts);
                    if (failing) {
                        LOG.info("The catalog's product changes can be read again");
                        failing = false;
                    }
                } catch (RuntimeException e) {
                    if (!failing) {
                        LOG.warnf("The catalog's product changes could not be read (%s); asking again every %s", e.toString(), every);
                        failing = true;
                    }
                }
                progress.accept(report(counts));
                if (!more && !pause(every)) {
                    return report(counts); // shutting down
                }
            }
            positions.forget();
            return report(counts);
        } finally {
            running.set(false);
        }
    }

    /** Reads one page and appends its events; whether more can be read at once. */
    private boolean round(long[] counts) {
        Optional<FollowedPosition> position = positions.find();
        if (position.isEmpty()) {
            ProductChangesPage start = catalog.start();
            save(start.epoch(), start.reached());
            return false;
        }
        FollowedPosition at = position.get();
        ProductChangesPage page = catalog.after(at.reached());
        if (!page.epoch().equals(at.epoch())) {
            LOG.warnf("The catalog's database is another one (epoch %s, was %s): following it from its revision %d",
                    page.epoch(), at.epoch(), page.revision());
            save(page.epoch(), page.revision());
            return false;
        }
        if (page.trimmedThrough() > at.reached()) {
            counts[2] += page.trimmedThrough() - at.reached();
            LOG.warnf("Catalog revisions %d to %d were trimmed from its feed before they were read: no product.changed for them",
                    at.reached() + 1, page.trimmedThrough());
            save(page.epoch(), page.trimmedThrough());
            return true;
        }
        for (ProductChangesPage.Change change : page.changes()) {
            for (String product : change.products()) {
                events.append(WebhookEventType.PRODUCT_CHANGED, product, change.revision(), Map.of("sku", product));
                counts[1]++;
            }
            counts[0]++;
        }
        if (page.reached() > at.reached()) {
            save(page.epoch(), page.reached());
        }
        return page.more();
    }

    private void save(String epoch, long reached) {
        positions.save(new FollowedPosition(epoch, reached, new Date()));
    }

    private static Report report(long[] counts) {
        return new Report(counts[0], counts[1], counts[2]);
    }

    private static boolean pause(Duration every) {
        try {
            Thread.sleep(every.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
