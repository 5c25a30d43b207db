package com.example.shop.embeddedmongo;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Commits for many writers at once, and lets each go only after a commit that contains its change.
 *
 * <p>A writer applies its change in memory, then calls {@link #awaitCommit()}. It takes a ticket;
 * the first writer to get the lock commits everything applied so far, and marks every ticket
 * handed out before it started as committed. The writers who queued behind it find their ticket
 * covered and return without writing anything. Under concurrent writes the store is written once
 * per batch instead of once per command, and still no write is acknowledged before it is on disk.
 */
final class GroupCommit {

    private final Runnable commit;
    private final AtomicLong applied = new AtomicLong();
    private long committed; // guarded by this

    GroupCommit(Runnable commit) {
        this.commit = commit;
    }

    /** Returns once everything this thread has applied so far is committed. */
    void awaitCommit() {
        // Taken after the caller's change: a commit started after reading a value >= ticket holds it.
        long ticket = applied.incrementAndGet();
        synchronized (this) {
            if (committed >= ticket) {
                return;
            }
            long upTo = applied.get();
            commit.run();
            committed = upTo;
        }
    }
}
