package com.example.shop.category.tree;

/**
 * Fault-injection point, called between the steps of a multi-document change. The production
 * bean ({@link NoCheckpoints}) does nothing; the test sources provide a bean that replaces it and
 * can throw {@link InterruptedOperation} to simulate a process dying at that point. Production
 * code has no way to arm it.
 */
public interface Checkpoints {

    void reached(MoveStep step);
}
