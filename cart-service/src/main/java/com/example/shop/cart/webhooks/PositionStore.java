package com.example.shop.cart.webhooks;

import static com.mongodb.client.model.Filters.eq;

import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.ReplaceOptions;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * {@code webhook_positions}: one document, the {@code product.changed} follower's position in the
 * catalog's product changes ({@link FollowedPosition}). Saved after the events up to it are appended,
 * so a follower killed in between appends them again, under the same ids: nothing is written twice.
 */
@Singleton
public record PositionStore(MongoCollection<FollowedPosition> positions) {

    private static final String WEBHOOK_POSITIONS = "webhook_positions";
    private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);

    @Inject
    public PositionStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, WEBHOOK_POSITIONS, new FollowedPositionCodec()));
    }

    Optional<FollowedPosition> find() {
        return Optional.ofNullable(positions.find(eq(FollowedPosition.ID, FollowedPosition.PRODUCT_CHANGES)).first());
    }

    void save(FollowedPosition position) {
        positions.replaceOne(eq(FollowedPosition.ID, FollowedPosition.PRODUCT_CHANGES), position, UPSERT);
    }

    /** No position: the next follower starts at the catalog's current revision. */
    void forget() {
        positions.deleteOne(eq(FollowedPosition.ID, FollowedPosition.PRODUCT_CHANGES));
    }
}
