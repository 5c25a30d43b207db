package com.example.shop.catalog.category;

import com.example.shop.catalog.CatalogConfig;
import com.github.benmanes.caffeine.cache.CacheLoader;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.context.ManagedExecutor;

/**
 * The whole category tree, for the category facet, fetched again in the background once it is
 * {@code catalog.category-tree.refresh-after} old: no request waits for it but the first, and one
 * after the category service could not give a new tree for {@code catalog.category-tree.keep-at-most}
 * (it gets the 503 naming {@code category-service} if there is still none). A failed fetch in the
 * background keeps the tree there is (the failure is logged by {@link CategorySubtrees}' fallback).
 * Not an expiring cache, as the subtrees have: the tree is a large answer, slow to write, and on
 * expiry every request with the category facet waited for it at once.
 */
@ApplicationScoped
public class CategoryTreeCache {

    private static final String TREE = "tree";

    /** A tree and when it was fetched ({@link System#nanoTime()}). */
    private record Fetched(List<CategorySubtrees.Category> roots, long at) {
    }

    private final LoadingCache<String, Fetched> tree;
    private final long keepAtMostNanos;

    CategoryTreeCache(CategorySubtrees categories, CatalogConfig config, ManagedExecutor executor) {
        this.keepAtMostNanos = config.categoryTree().keepAtMost().toNanos();
        this.tree = Caffeine.newBuilder()
                .refreshAfterWrite(config.categoryTree().refreshAfter())
                .executor(executor)
                .build(new CacheLoader<>() {
                    @Override
                    public Fetched load(String key) {
                        return new Fetched(categories.fetchTree(), System.nanoTime());
                    }

                    @Override
                    public Fetched reload(String key, Fetched kept) {
                        try {
                            return load(key);
                        } catch (RuntimeException unavailable) {
                            return kept; // logged by the fallback; tried again after refresh-after
                        }
                    }
                });
    }

    /** The roots, each with its descendants; a 503 problem naming {@code category-service} when there is none to give. */
    public List<CategorySubtrees.Category> roots() {
        Fetched fetched = tree.get(TREE);
        if (System.nanoTime() - fetched.at() > keepAtMostNanos) {
            tree.invalidate(TREE);
            fetched = tree.get(TREE);
        }
        return fetched.roots();
    }
}
