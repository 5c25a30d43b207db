package com.example.shop.testsupport;

import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link Hold} armed for the first time a count reaches a number: the lines an import has read, the
 * products a scan has seen. The counting code reports each count ({@link #reached}); the first report
 * at or past the armed number holds there, once.
 */
public final class HoldAtCount {

    private record Armed(long count, Hold hold) {
    }

    private final AtomicReference<Armed> armed = new AtomicReference<>();

    /** Arms the hold for {@code count}, replacing any armed before; the test waits on and releases what it returns. */
    public Hold arm(long count) {
        Hold hold = new Hold();
        armed.set(new Armed(count, hold));
        return hold;
    }

    /** The counting code's side: holds here if this is the first count at or past the armed one. */
    public void reached(long count) {
        Armed current = armed.get();
        if (current != null && count >= current.count() && armed.compareAndSet(current, null)) {
            current.hold().hold();
        }
    }
}
