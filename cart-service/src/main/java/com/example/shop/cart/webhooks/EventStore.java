package com.example.shop.cart.webhooks;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.List;

/**
 * {@code webhook_events}: every event fanned out, kept for {@code cart.webhooks.keep-for}: the body
 * its deliveries send, and the proof that it was fanned out, so that an append retried after its
 * event left the outbox is fanned out no second time.
 */
@Singleton
public record EventStore(MongoCollection<StoredEvent> events, MongoCollection<StoredEvent> steps) implements FeatureIndexes {

    private static final String WEBHOOK_EVENTS = "webhook_events";

    @Inject
    public EventStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, WEBHOOK_EVENTS, new StoredEventCodec()));
    }

    /** The sender's writes are steps of a fan-out ({@link ServiceDatabase#STEPS}): the outbox's removal, journalled, ends it. */
    private EventStore(MongoCollection<StoredEvent> events) {
        this(events, events.withWriteConcern(ServiceDatabase.STEPS));
    }

    @Override
    public List<RequiredIndex> indexes() {
        // pruned by age
        return List.of(RequiredIndex.on(WEBHOOK_EVENTS, Indexes.ascending(StoredEvent.AT), new IndexOptions().name("at")));
    }

    /** The event as stored: {@code event} just inserted, or the one with its id that was there. */
    StoredEvent insertOrFind(StoredEvent event) {
        try {
            steps.insertOne(event);
            return event;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
            StoredEvent found = find(event.id());
            return found == null ? event : found;
        }
    }

    StoredEvent find(String id) {
        return events.find(eq(StoredEvent.ID, id)).first();
    }

    /** Every delivery of the event is written. */
    void markFannedOut(String id) {
        steps.updateOne(eq(StoredEvent.ID, id), set(StoredEvent.FANNED_OUT, true));
    }

    /** Removes the events older than {@code before}; how many. */
    long prune(Date before) {
        return events.deleteMany(lt(StoredEvent.AT, before)).getDeletedCount();
    }
}
