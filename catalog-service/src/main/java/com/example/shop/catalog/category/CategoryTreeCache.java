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
 * {@code catalog.category-tree.refresh-after} old (Caffeine's refresh after write): no request waits
 * for it but the first one, and one after the category service could not give a new tree for
 * {@code catalog.category-tree.keep-at-most}, which waits and gets the 503 naming
 * {@code category-service} if there is still none. A failed fetch in the background keeps the tree
 * there is and is tried again {@code refresh-after} later (the failure is logged by
 * {@link CategorySubtrees}' fallback).
 *
 * <p>Why not an expiring cache, as the subtrees have: at 3,000 categories the tree is a 328 KB
 * answer that took the category service 100 ms and more to write, and when it expired every
 * request with the category facet waited for the new one, all at once, every 5 s: the p99 of the
 * category page with four facets through the gateway at the large profile was 57 to 108 ms in the
 * bench, with the other listings' p99 at 20 to 35 ms.
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
