package com.example.shop.web.database;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The indexes of this module's test application: a unique index and a compound one on probe.items. */
@ApplicationScoped
public class ProbeIndexes implements FeatureIndexes {

    static final String COLLECTION = "items";

    @Override
    public List<RequiredIndex> indexes() {
        return List.of(
                RequiredIndex.on(COLLECTION, Indexes.ascending("sku"), new IndexOptions().unique(true).name("sku_unique")),
                RequiredIndex.on(COLLECTION, Indexes.ascending("status", "at"), new IndexOptions().name("status_at")));
    }
}
