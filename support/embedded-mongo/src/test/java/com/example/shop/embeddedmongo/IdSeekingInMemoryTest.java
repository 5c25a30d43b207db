package com.example.shop.embeddedmongo;

import java.nio.file.Path;

/** {@link IdSeekingQueries} on the in-memory backend of the tests (with the fail point). */
class IdSeekingInMemoryTest extends IdSeekingQueries {

    @Override
    EmbeddedMongo open(Path dir) {
        return EmbeddedMongo.inMemory();
    }
}
