package com.example.shop.category.categories;

/**
 * Fault-injection point, called between the steps of a multi-document change. The production
 * bean ({@link NoCheckpoints}) does nothing; the test sources provide a bean that replaces it and
 * can stop the change there as if its process had died. Production code has no way to arm it.
 */
public interface Checkpoints {

    void reached(MoveStep step);
}
