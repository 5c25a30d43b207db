package com.example.shop.category.tree;

/**
 * Simulates the process dying in the middle of a change (thrown only by a test's
 * {@link Checkpoints}). The tree lock is left held, as a dead process would leave it.
 */
public class InterruptedOperation extends RuntimeException {

    public InterruptedOperation(MoveStep step) {
        super("operation interrupted at " + step, null, false, false);
    }
}
