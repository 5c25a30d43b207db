package com.example.shop.web.database;

import java.util.List;

/**
 * What one service needs in its database before it is ready: its indexes, and whatever it puts
 * in place once they exist (the catalog's built-in product types and collection validator). Each
 * service has one such bean; {@link SchemaSetup} puts it in place and keeps trying until it is.
 * Everything here must be idempotent and safe when several replicas do it at once.
 */
public interface DatabaseSchema {

    List<RequiredIndex> indexes();

    /** Runs after the indexes exist, on every attempt until it succeeds once. */
    default void afterIndexes() {
    }
}
