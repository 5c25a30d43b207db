package com.example.shop.category;

import com.example.shop.web.database.DatabaseSchema;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The service's collections and the indexes of {@code categories}: slug unique (the book's; the
 * only guard against two categories with one slug, so creates, moves, deletes and slug changes
 * wait for it), ancestors._id (subtree queries), {parent, slug} (children by pointer, sorted).
 * web-support's {@code SchemaSetup} creates them and keeps trying until they exist; readiness is
 * DOWN until then. {@code tree_locks} holds the one lease document and needs no index but its
 * {@code _id}.
 */
@ApplicationScoped
public class CategorySchema implements DatabaseSchema {

    /** One document per category. */
    public static final String CATEGORIES = "categories";
    /** The lease on the tree's shape, one document. */
    public static final String TREE_LOCKS = "tree_locks";

    @Override
    public List<RequiredIndex> indexes() {
        return List.of(
                RequiredIndex.on(CATEGORIES, Indexes.ascending("slug"), new IndexOptions().unique(true).name("slug_unique")),
                RequiredIndex.on(CATEGORIES, Indexes.ascending("ancestors._id"), new IndexOptions().name("ancestors_id")),
                RequiredIndex.on(CATEGORIES, Indexes.ascending("parent", "slug"), new IndexOptions().name("parent_slug")));
    }
}
