package com.example.shop.cart.inventory;

/**
 * Called by {@link ImportStock} in every round of a batch, after the batch's documents were read
 * and before its bulk write: where a cart's reservation or another admin's write can race the
 * import. The production bean ({@link NoImportCheckpoints}) does nothing; the test sources provide
 * a bean that replaces it and makes such a write happen there. Production code cannot arm it.
 */
public interface ImportCheckpoints {

    void betweenReadAndWrite();
}
