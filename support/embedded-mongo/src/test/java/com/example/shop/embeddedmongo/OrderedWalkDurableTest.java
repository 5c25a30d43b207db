package com.example.shop.embeddedmongo;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@link OrderedWalkQueries} on the durable backend (H2 file), and its indexes read back after a restart. */
class OrderedWalkDurableTest extends OrderedWalkQueries {

    @Override
    EmbeddedMongo open(Path dir) throws IOException {
        return EmbeddedMongo.durable(dir.resolve("mongo.mv.db"), "127.0.0.1", 0);
    }

    @Test
    void theIndexesOutliveARestart() throws IOException {
        stop();
        connect();
        checkEveryFilter();
    }
}
