package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.ArrayFilters;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import java.util.List;
import org.h2.mvstore.MVMap;

/**
 * An H2 collection that reads only the documents an index says a query can match ({@link IdSeeking}),
 * and whose updates write a changed copy in place of a stored document ({@link CopyOnUpdate}): its
 * {@code handleUpdate} puts the document it is given at the place, which is that copy.
 * The in-memory backend's {@link IdSeekingMemoryCollection} is the same over mongo-java-server's memory collection.
 */
final class IdSeekingH2Collection extends H2Collection {

    private final CopyOnUpdate copyOnUpdate = new CopyOnUpdate();

    IdSeekingH2Collection(MongoDatabase database, String collectionName, CollectionOptions options,
                          MVMap<Object, Document> dataMap, MVMap<String, Object> metaMap, CursorRegistry cursors) {
        super(database, collectionName, options, dataMap, metaMap, cursors);
    }

    @Override
    protected QueryResult queryDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                         Document fieldSelector) {
        IdSeeking.Candidates<Object> found = IdSeeking.throughWholeIndex(query, getIndexes());
        return copyOnUpdate.found(found == null ? matchDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector)
                : matchDocuments(found.rest(), found.positions(), orderBy, numberToSkip, limit, batchSize, fieldSelector));
    }

    @Override
    protected QueryResult matchDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                         Document fieldSelector) {
        IdSeeking.Candidates<Object> found = IdSeeking.throughIdOrUniqueKey(query, orderBy, numberToSkip, limit,
                isNaturalDescending(orderBy), getIndexes(), getIdField());
        if (found != null) {
            return matchDocuments(found.rest(), found.positions(), orderBy, numberToSkip, limit, batchSize, fieldSelector);
        }
        Iterable<Object> walk = OrderedWalk.of(query, orderBy, getIndexes());
        if (walk != null) { // already in order: matched until the page is full, not sorted
            List<Object> page = OrderedWalk.firstMatching(walk, limit > 0 ? numberToSkip + limit : Integer.MAX_VALUE,
                    position -> documentMatchesQuery(getDocument(position), query));
            return matchDocuments(query, page, null, numberToSkip, limit, batchSize, fieldSelector);
        }
        return super.matchDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
    }

    @Override
    public synchronized Document updateDocuments(Document selector, Document update, ArrayFilters arrayFilters,
                                                 boolean isMulti, boolean isUpsert, Oplog oplog) {
        return copyOnUpdate.during(() -> {
            Document idById = IdSeeking.updateIdById(selector, update, isMulti, isUpsert, getIdField(),
                    one -> super.updateDocuments(one, update, arrayFilters, false, false, oplog));
            return idById != null ? idById : super.updateDocuments(selector, update, arrayFilters, isMulti, isUpsert, oplog);
        });
    }

    @Override
    public synchronized Document findAndModify(Document query) {
        return copyOnUpdate.during(() -> super.findAndModify(query));
    }
}
