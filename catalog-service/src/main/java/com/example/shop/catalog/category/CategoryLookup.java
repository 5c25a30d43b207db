package com.example.shop.catalog.category;

import io.quarkus.cache.CacheResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.regex.Pattern;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The remote call, bounded in time and cached briefly ({@code quarkus.cache.caffeine."category-subtrees".*}):
 * a category's subtree changes rarely and a storefront asks for the same few categories over and
 * over. Failures are not cached. Callers use {@link CategorySubtrees}, which turns failures into problems.
 */
@ApplicationScoped
public class CategoryLookup {

    static final String CACHE = "category-subtrees";
    private static final Pattern ID = Pattern.compile("[0-9a-f]{24}");

    private final CategoryClient client;

    CategoryLookup(@RestClient CategoryClient client) {
        this.client = client;
    }

    /** Override with {@code com.example.shop.catalog.category.CategoryLookup/subtreeIds/Timeout/value} (ms). */
    @CacheResult(cacheName = CACHE)
    @Timeout(2000)
    public List<String> subtreeIds(String slug) {
        CategoryClient.SubtreeIds answer = client.subtreeIds(slug);
        if (answer == null || answer.ids() == null || answer.ids().isEmpty()
                || !answer.ids().stream().allMatch(id -> id != null && ID.matcher(id).matches())) {
            throw new IllegalStateException("malformed subtree answer for '" + slug + "'");
        }
        return List.copyOf(answer.ids());
    }
}
