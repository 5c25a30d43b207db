package com.example.shop.embeddedmongo;

import static de.bwaldvogel.mongo.backend.Constants.ID_FIELD;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import java.util.List;

/**
 * mongo-java-server's in-memory backend, made to answer as the durable one does: its collections
 * read only the documents an index says a query can match, and their updates write a changed copy
 * in place of a stored document ({@link IdSeekingMemoryCollection}); its unique indexes order
 * their keys by value, as the durable ones do ({@link OrderedMemoryUniqueIndex}).
 */
public class IdSeekingMemoryBackend extends MemoryBackend {

    @Override
    public MemoryDatabase openOrCreateDatabase(String databaseName) {
        return new Database(databaseName, getCursorRegistry());
    }

    private static final class Database extends MemoryDatabase {

        Database(String name, CursorRegistry cursors) {
            super(name, cursors);
        }

        @Override
        protected MemoryCollection openOrCreateCollection(String collectionName, CollectionOptions options) {
            return new IdSeekingMemoryCollection(this, collectionName, options, cursorRegistry);
        }

        @Override
        protected Index<Integer> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys,
                                                         boolean sparse) {
            return new OrderedMemoryUniqueIndex(indexName, keys, sparse);
        }

        @Override
        protected Index<Integer> openOrCreateSecondaryIndex(String collectionName, String indexName, List<IndexKey> keys,
                                                            boolean sparse) {
            return new OrderedMemorySecondaryIndex(indexName, keys, sparse, ID_FIELD);
        }
    }
}
