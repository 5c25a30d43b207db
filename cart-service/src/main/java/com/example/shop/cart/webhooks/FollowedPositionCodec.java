package com.example.shop.cart.webhooks;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link FollowedPosition} as its document in {@code webhook_positions}. */
final class FollowedPositionCodec extends StoredCodec<FollowedPosition> {

    FollowedPositionCodec() {
        super(FollowedPosition.class);
    }

    @Override
    protected FollowedPosition fromDocument(Document doc) {
        return new FollowedPosition(doc.getString(FollowedPosition.EPOCH), ((Number) doc.get(FollowedPosition.REACHED)).longValue(),
                doc.getDate(FollowedPosition.AT));
    }

    @Override
    protected Document toDocument(FollowedPosition position) {
        return new Document(FollowedPosition.ID, FollowedPosition.PRODUCT_CHANGES).append(FollowedPosition.EPOCH, position.epoch())
                .append(FollowedPosition.REACHED, position.reached()).append(FollowedPosition.AT, position.at());
    }
}
