package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.EmptyIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import java.util.List;

/**
 * A secondary (non-unique) index, which mongo-java-server does not implement: it keeps nothing and
 * answers no query. Its own stand-in counts as empty, so that each time a database opened, every
 * such index "rebuilt" itself by decoding every document of its collection to add it to nothing:
 * ten scans of the products at each start (three minutes at 300,000 products). This one is never
 * empty, so opening a database reads no document.
 */
final class IgnoredIndex extends EmptyIndex<Object> {

    IgnoredIndex(String name, List<IndexKey> keys) {
        super(name, keys);
    }

    @Override
    public boolean isEmpty() {
        return false;
    }
}
