package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.bson.Document;

/**
 * mongo-java-server answers a find-and-modify with the stored document itself, and writes its
 * reply to the wire after the collection's lock is released; the next update of that document
 * changes it in place meanwhile. Two {@code $inc}s of one counter at once then both answered the
 * second's value: the catalog handed out one revision twice (a 500 on a duplicate change-feed
 * entry, 4 races of 300 in {@code ProductCrudTest}; 8 threads of {@code findOneAndUpdate} got 3,895
 * distinct values of 4,000 in memory, 2,577 durable: {@code FindAndModifyTest}). MongoDB answers
 * what the command did, so the reply is copied while the lock is held.
 */
final class FindAndModifySnapshot {

    private FindAndModifySnapshot() {
    }

    /** The reply, copied deeply: what the command left, whatever updates come after. Called under the collection's lock. */
    static Document of(Document reply) {
        return reply.cloneDeeply();
    }
}
