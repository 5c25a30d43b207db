package com.example.shop.web.database;

/**
 * What a feature puts in the database once the service's indexes exist (the catalog's built-in
 * product types and the products' validator made from every type). {@link SchemaSetup} runs every
 * bean of this type on each attempt until one succeeds, so the work must be idempotent and safe
 * when several replicas do it at once.
 */
public interface AfterIndexes {

    void putInPlace();
}
