package com.example.shop.bench;

import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Sorts.descending;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.time.Duration;
import java.util.Date;
import java.util.Locale;
import org.bson.Document;

/**
 * Moves of stock that a job of the cart service claimed when its process was killed. A claim is
 * a lease on the move ({@code holder} and {@code expires_at} in {@code inventory_moves}, web-support's
 * {@code LeaseStore}) for 2 minutes, so that two cleanups never finish one move at once; until it runs out every cleanup
 * passes over the move. An audit after a chaos case waits for them before its last cleanup, or it
 * would find their units still reserved (chaos drop-kill, 2026-11-29).
 */
final class ClaimedMoves {

    /** The lease's expiry on a move (LeaseStore.EXPIRES_AT). */
    private static final String EXPIRES_AT = "expires_at";

    /** The service's claim (2 min) and some slack. */
    private static final Duration MAX_WAIT = Duration.ofSeconds(150);

    private ClaimedMoves() {
    }

    /** Waits until no journalled move is claimed, at most {@link #MAX_WAIT}; says how many there were and how long it waited. */
    static String awaitNone(MongoDatabase cart) throws InterruptedException {
        MongoCollection<Document> moves = cart.getCollection("inventory_moves");
        long start = System.nanoTime();
        long deadline = start + MAX_WAIT.toNanos();
        long claimed = 0;
        while (true) {
            Date now = new Date();
            Document last = moves.find(gt(EXPIRES_AT, now)).sort(descending(EXPIRES_AT)).first();
            String waited = String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - start) / 1e9);
            if (last == null) {
                return "moves claimed when a process was killed: " + (claimed == 0 ? "none" : claimed + ", waited " + waited + " until their claims ran out");
            }
            if (System.nanoTime() > deadline) {
                return "moves still claimed after " + waited + " (at most " + MAX_WAIT.toSeconds() + " s waited): the cleanup may pass over them";
            }
            claimed = Math.max(claimed, moves.countDocuments(gt(EXPIRES_AT, now)));
            Thread.sleep(Math.min(5_000, Math.max(100, last.getDate(EXPIRES_AT).getTime() - now.getTime() + 100)));
        }
    }
}
