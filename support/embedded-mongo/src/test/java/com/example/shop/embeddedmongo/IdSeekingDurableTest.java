package com.example.shop.embeddedmongo;

import java.io.IOException;
import java.nio.file.Path;

/** {@link IdSeekingQueries} on the durable backend (H2 file). */
class IdSeekingDurableTest extends IdSeekingQueries {

    @Override
    EmbeddedMongo open(Path dir) throws IOException {
        return EmbeddedMongo.durable(dir.resolve("mongo.mv.db"), "127.0.0.1", 0);
    }
}
