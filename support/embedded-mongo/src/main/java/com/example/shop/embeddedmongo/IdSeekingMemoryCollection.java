package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.ArrayFilters;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * {@link IdSeekingH2Collection} over mongo-java-server's memory collection: the same seeking
 * ({@link IdSeeking}), so that the tests' in-memory database reads what the durable one reads (without
 * it, the reservation mix ran at a fifth of the durable database's rate, most of the time matching
 * every cart for each guarded update), and the same updates that write a changed copy
 * ({@link CopyOnUpdate}).
 */
final class IdSeekingMemoryCollection extends MemoryCollection {

    /**
     * MemoryCollection's list of documents by position. Its {@code handleUpdate} does nothing (the
     * document at the place was changed in place); the copy an update changed has to be put there,
     * and the list is private. Resolved once: a mongo-java-server without the field fails at start-up.
     */
    private static final VarHandle DOCUMENTS;

    static {
        try {
            DOCUMENTS = MethodHandles.privateLookupIn(MemoryCollection.class, MethodHandles.lookup())
                    .findVarHandle(MemoryCollection.class, "documents", List.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CopyOnUpdate copyOnUpdate = new CopyOnUpdate();

    IdSeekingMemoryCollection(MongoDatabase database, String name, CollectionOptions options, CursorRegistry cursors) {
        super(database, name, options, cursors);
    }

    @Override
    protected QueryResult queryDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                         Document fieldSelector) {
        IdSeeking.Candidates<Integer> found = IdSeeking.throughWholeIndex(query, getIndexes());
        return copyOnUpdate.found(found == null ? matchDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector)
                : matchDocuments(found.rest(), found.positions(), orderBy, numberToSkip, limit, batchSize, fieldSelector));
    }

    @Override
    protected QueryResult matchDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                         Document fieldSelector) {
        IdSeeking.Candidates<Integer> found = IdSeeking.throughIdOrUniqueKey(query, orderBy, numberToSkip, limit,
                isNaturalDescending(orderBy), getIndexes(), getIdField());
        if (found != null) {
            return matchDocuments(found.rest(), found.positions(), orderBy, numberToSkip, limit, batchSize, fieldSelector);
        }
        Iterable<Integer> walk = OrderedWalk.of(query, orderBy, getIndexes());
        if (walk != null) { // already in order: matched until the page is full, not sorted
            List<Integer> page = OrderedWalk.firstMatching(walk, limit > 0 ? numberToSkip + limit : Integer.MAX_VALUE,
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

    @Override
    @SuppressWarnings("unchecked")
    protected void handleUpdate(Integer position, Document oldDocument, Document newDocument) {
        ((List<Document>) DOCUMENTS.get(this)).set(position, newDocument);
    }
}
