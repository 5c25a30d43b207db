package com.example.shop.embeddedmongo;

import static de.bwaldvogel.mongo.backend.Constants.ID_FIELD;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import java.lang.reflect.Field;
import java.util.List;
import de.bwaldvogel.mongo.bson.Document;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.DataType;

/**
 * An H2 database whose collections are {@link IdSeekingH2Collection}s, whose documents are kept as
 * BSON ({@link BsonDocumentType}) and whose unique indexes order their keys by value ({@link OrderedKeyUniqueIndex}). Collections' maps are opened under the
 * same names as {@link H2Database} uses; an index map written by H2Database is converted on first
 * open, so a data file written by either opens here. Secondary indexes, which mongo-java-server does
 * not implement, are kept ordered in maps of their own ({@link OrderedKeySecondaryIndex}).
 */
final class IdSeekingH2Database extends H2Database {

    /** The names H2Database gives a collection's maps (its constants are not visible here). */
    private static final String DATA_PREFIX = "databases.";
    private static final String META_PREFIX = "meta.";

    /**
     * H2Database opens its existing collections from its own constructor, before a field of this
     * subclass could be set; its own store field is already set by then, so it is read from there.
     */
    private static final Field STORE = storeField();

    IdSeekingH2Database(String name, MVStore store, CursorRegistry cursors) {
        super(name, store, cursors);
    }

    @Override
    protected MongoCollection<Object> openOrCreateCollection(String collectionName, CollectionOptions options) {
        MVStore store = store();
        String namespace = getFullCollectionNamespace(collectionName);
        return new IdSeekingH2Collection(this, collectionName, options,
                store.openMap(DATA_PREFIX + namespace, new MVMap.Builder<Object, Document>().valueType(documents())),
                store.openMap(META_PREFIX + namespace), cursorRegistry);
    }

    @Override
    protected Index<Object> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
        return OrderedKeyUniqueIndex.open(store(), indexMapName(collectionName, indexName), indexName, keys, sparse);
    }

    @Override
    protected Index<Object> openOrCreateSecondaryIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
        return OrderedKeySecondaryIndex.open(store(), indexMapName(collectionName, indexName) + OrderedKeyUniqueIndex.SUFFIX,
                indexName, keys, sparse, ID_FIELD);
    }

    @Override
    protected void dropIndex(MongoCollection<Object> collection, String indexName) {
        super.dropIndex(collection, indexName);
        MVStore store = store();
        String name = indexMapName(collection.getCollectionName(), indexName) + OrderedKeyUniqueIndex.SUFFIX;
        for (String map : List.of(name, name + OrderedKeySecondaryIndex.MULTIKEY_SUFFIX)) {
            if (store.hasMap(map)) {
                store.removeMap(map);
            }
        }
    }

    /** The name H2Database gives an index's map. */
    private String indexMapName(String collectionName, String indexName) {
        return getFullCollectionNamespace(collectionName) + "._index_" + indexName;
    }

    /** A collection's documents, as BSON; one type per map, as H2 gives each map its own. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static DataType<Document> documents() {
        return (DataType) new BsonDocumentType();
    }

    private MVStore store() {
        try {
            return (MVStore) STORE.get(this);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Field storeField() {
        try {
            Field field = H2Database.class.getDeclaredField("mvStore");
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("mongo-java-server's H2Database has no mvStore field any more", e);
        }
    }
}
