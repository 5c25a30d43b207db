package com.example.shop.embeddedmongo;

import java.nio.file.Path;

/** {@link OrderedWalkQueries} on the in-memory backend of the tests. */
class OrderedWalkInMemoryTest extends OrderedWalkQueries {

    @Override
    EmbeddedMongo open(Path dir) {
        return EmbeddedMongo.inMemory();
    }
}
