package com.example.shop.category;

import com.example.shop.web.database.FeatureIndexes;

/**
 * The service's collections and the indexes of {@code categories}: slug unique (the book's; the
 * only guard against two categories with one slug, so creates, moves, deletes and slug changes
 * wait for it), ancestors._id (subtree queries), {parent, slug} (children by pointer, sorted),
 * which the feature's store declares ({@link FeatureIndexes}) from the stored record's field names
 * (the root package knows no feature). web-support's {@code SchemaSetup} gathers them, creates them
 * and keeps trying until they exist; readiness is DOWN until then. {@code tree_locks}
 * holds the one lease document and needs no index but its {@code _id}.
 */
public final class CategorySchema {

    /** One document per category. */
    public static final String CATEGORIES = "categories";
    /** The lease on the tree's shape, one document. */
    public static final String TREE_LOCKS = "tree_locks";

    private CategorySchema() {
    }
}
