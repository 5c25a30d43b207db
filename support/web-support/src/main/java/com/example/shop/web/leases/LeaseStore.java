package com.example.shop.web.leases;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.unset;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Leases: a holder and an expiry on a document, taken with one guarded single-document update,
 * renewed and released by their holder (no transaction). A holder that dies stops renewing; its
 * lease expires and the next taker learns whom it took over from, to mend what a half-done change
 * may have left. See docs/design.md, "Leases".
 * <pre>
 * named:       {_id: name, holder, expires_at}   a document of its own, upserted; released by deleting it
 * onDocuments: {_id, ..., holder, expires_at}    on an existing document (a journal entry); released by unsetting
 * </pre>
 */
public final class LeaseStore {

    public static final String ID = "_id";
    public static final String HOLDER = "holder";
    public static final String EXPIRES_AT = "expires_at";

    /** A lease taken: from nobody, or over from a holder whose lease expired before it released it. */
    public record Taken(Optional<String> previousHolder) {
    }

    private final MongoCollection<Document> documents;
    private final boolean named;

    private LeaseStore(MongoCollection<?> documents, boolean named) {
        this.documents = documents.withDocumentClass(Document.class);
        this.named = named;
    }

    /** Leases that are documents of their own in {@code leases}, one per name. */
    public static LeaseStore named(MongoCollection<?> leases) {
        return new LeaseStore(leases, true);
    }

    /** Leases on the existing documents of {@code documents}: a missing document cannot be leased. */
    public static LeaseStore onDocuments(MongoCollection<?> documents) {
        return new LeaseStore(documents, false);
    }

    /**
     * Takes the lease {@code id} for {@code holder} until {@code now + term}; empty while another
     * holder's lease has not expired (or, on documents, when the document is gone).
     * <p>A named lease is one guarded upsert: {@code {_id, expires_at < now}}. While another holder's
     * lease runs the filter matches nothing, the upsert tries to insert a second document with that
     * {@code _id} and fails on the unique {@code _id}: that failure is the answer "held".
     */
    public Optional<Taken> take(String id, String holder, Duration term, Instant now) {
        Bson lease = combine(set(HOLDER, holder), set(EXPIRES_AT, Date.from(now.plus(term))));
        FindOneAndUpdateOptions before = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.BEFORE)
                .projection(Projections.include(HOLDER, EXPIRES_AT));
        if (named) {
            try {
                Document previous = documents.findOneAndUpdate(and(eq(ID, id), lt(EXPIRES_AT, Date.from(now))), lease,
                        before.upsert(true));
                return Optional.of(new Taken(Optional.ofNullable(previous).map(doc -> doc.getString(HOLDER))));
            } catch (MongoException e) {
                if (ErrorCategory.fromErrorCode(e.getCode()) == ErrorCategory.DUPLICATE_KEY) {
                    return Optional.empty();
                }
                throw e;
            }
        }
        Document previous = documents.findOneAndUpdate(
                and(eq(ID, id), or(eq(EXPIRES_AT, null), lt(EXPIRES_AT, Date.from(now)))), lease, before);
        return previous == null ? Optional.empty() : Optional.of(new Taken(Optional.ofNullable(previous.getString(HOLDER))));
    }

    /** Extends a lease its holder still has to {@code now + term}; false when it was lost (expired and taken, or gone). */
    public boolean renew(String id, String holder, Duration term, Instant now) {
        return documents.updateOne(held(id, holder), set(EXPIRES_AT, Date.from(now.plus(term)))).getMatchedCount() == 1;
    }

    /** Gives the lease back; nothing happens when {@code holder} no longer has it. */
    public void release(String id, String holder) {
        if (named) {
            documents.deleteOne(held(id, holder));
        } else {
            documents.updateOne(held(id, holder), combine(unset(HOLDER), unset(EXPIRES_AT)));
        }
    }

    /**
     * Gives the lease up as expired without releasing it: the next taker takes it at once and learns
     * that {@code holder} did not finish (for a holder that cannot tell whether its change completed).
     * Whether the lease was still {@code holder}'s.
     */
    public boolean expire(String id, String holder, Instant now) {
        return documents.updateOne(held(id, holder), set(EXPIRES_AT, Date.from(now))).getMatchedCount() == 1;
    }

    /** The holder of the lease {@code id} if it has not expired by {@code now}. */
    public Optional<String> holder(String id, Instant now) {
        Document lease = documents.find(and(eq(ID, id), gte(EXPIRES_AT, Date.from(now))))
                .projection(Projections.include(HOLDER)).first();
        return Optional.ofNullable(lease).map(doc -> doc.getString(HOLDER));
    }

    private static Bson held(String id, String holder) {
        return and(eq(ID, id), eq(HOLDER, holder));
    }
}
