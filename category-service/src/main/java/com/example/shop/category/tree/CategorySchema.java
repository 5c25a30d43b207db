package com.example.shop.category.tree;

import com.example.shop.web.database.DatabaseSchema;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The indexes of {@code categories}: slug unique (the book's; the only guard against two
 * categories with one slug, so creates, moves and slug changes wait for it), ancestors._id
 * (subtree queries), parent (children by pointer). web-support's {@code SchemaSetup} creates them
 * and keeps trying until they exist; readiness is DOWN until then.
 */
@ApplicationScoped
public class CategorySchema implements DatabaseSchema {

    @Override
    public List<RequiredIndex> indexes() {
        return List.of(
                RequiredIndex.on(CategoryStore.COLLECTION, Indexes.ascending("slug"), new IndexOptions().unique(true).name("slug_unique")),
                RequiredIndex.on(CategoryStore.COLLECTION, Indexes.ascending("ancestors._id"), new IndexOptions().name("ancestors_id")),
                RequiredIndex.on(CategoryStore.COLLECTION, Indexes.ascending("parent", "slug"), new IndexOptions().name("parent_slug")));
    }
}
