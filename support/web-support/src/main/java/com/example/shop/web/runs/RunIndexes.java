package com.example.shop.web.runs;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.inject.Singleton;
import java.util.List;

/** The runs' index: a page of runs is of some kinds, newest first ({@link RunStore#page}). */
@Singleton
public class RunIndexes implements FeatureIndexes {

    static final List<RequiredIndex> INDEXES = List.of(RequiredIndex.on(StoredRunCodec.COLLECTION,
            Indexes.compoundIndex(Indexes.ascending(StoredRunCodec.KIND), Indexes.descending(StoredRunCodec.ID)),
            new IndexOptions().name("kind_newest")));

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }
}
