package com.example.shop.cart.webhooks;

import static com.mongodb.client.model.Filters.eq;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Sorts;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code webhook_outbox}: the events appended and not yet fanned out to their subscriptions
 * ({@link StoredEvent}s), written with the change they tell of and removed once fanned out. The
 * event id is the {@code _id}, so a retried append writes nothing new.
 */
@Singleton
public record OutboxStore(MongoCollection<StoredEvent> outbox) implements FeatureIndexes {

    private static final String WEBHOOK_OUTBOX = "webhook_outbox";

    @Inject
    public OutboxStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, WEBHOOK_OUTBOX, new StoredEventCodec()));
    }

    @Override
    public List<RequiredIndex> indexes() {
        // the sender takes the oldest first
        return List.of(RequiredIndex.on(WEBHOOK_OUTBOX, Indexes.ascending(StoredEvent.AT), new IndexOptions().name("at")));
    }

    /** Inserts the event; false when an event with its id is there already. */
    boolean insertIfAbsent(StoredEvent event) {
        try {
            outbox.insertOne(event);
            return true;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
            return false;
        }
    }

    /** The oldest events waiting, at most {@code limit}. */
    List<StoredEvent> oldest(int limit) {
        return outbox.find().sort(Sorts.ascending(StoredEvent.AT)).limit(limit).into(new ArrayList<>());
    }

    /** Whether any event waits. */
    boolean any() {
        return outbox.find().limit(1).first() != null;
    }

    void remove(String id) {
        outbox.deleteOne(eq(StoredEvent.ID, id));
    }
}
