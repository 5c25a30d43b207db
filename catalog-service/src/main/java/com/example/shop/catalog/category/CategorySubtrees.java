package com.example.shop.catalog.category;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import com.example.shop.web.calls.ServiceCalls;
import com.example.shop.web.identifiers.Identifiers;
import io.quarkus.cache.CacheResult;
import io.smallrye.faulttolerance.api.CircuitBreakerName;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * The category service as this service sees it: the ids of a category and all its descendants,
 * for the {@code category} filter of a product search. Every failure has a defined answer: an
 * unknown slug is a 404 problem naming it; a category service that is down, answers an error or
 * nonsense, or is slower than the timeout is a 503 problem naming {@code category-service}, never
 * a 500 and never an empty list that would look like "no products".
 *
 * <ul>
 * <li><b>Cache</b> ({@code quarkus.cache.caffeine."category-subtrees".*}): a category's subtree
 * changes rarely and a storefront asks for the same few categories over and over. Only answers
 * are cached, failures are not.</li>
 * <li><b>Timeout</b>: the whole call, connection and read included, is bounded (the test profile
 * shortens it with the MicroProfile Fault Tolerance key
 * {@code com.example.shop.catalog.category.CategorySubtrees/idsOf/Timeout/value}).</li>
 * <li><b>Circuit breaker</b>: when most recent calls failed, calls fail at once for a while instead
 * of each waiting for its timeout. An unknown slug is an answer, not a failure. Its name
 * ({@code category-service}) is how operators and tests read or reset its state.</li>
 * </ul>
 */
@ApplicationScoped
public class CategorySubtrees {

    static final String CACHE = "category-subtrees";
    static final String DEPENDENCY = "category-service";
    private static final Logger LOG = Logger.getLogger(CategorySubtrees.class);

    private final CategoryClient client;

    CategorySubtrees(@RestClient CategoryClient client) {
        this.client = client;
    }

    /** The ids of the category with this slug (a valid one: {@code Identifiers.SLUG}) and of its descendants. */
    @CacheResult(cacheName = CACHE)
    @Timeout(2000)
    @CircuitBreakerName(CategorySubtrees.DEPENDENCY)
    @CircuitBreaker(requestVolumeThreshold = 20, failureRatio = 0.5, delay = 5000, skipOn = ProblemException.class)
    @Fallback(fallbackMethod = "unavailable", skipOn = ProblemException.class)
    public List<String> idsOf(String slug) {
        CategoryClient.SubtreeIds answer;
        try {
            answer = client.subtreeIds(slug);
        } catch (ServiceCalls.NotFound e) {
            throw CatalogProblems.unknownCategory(slug);
        }
        if (answer == null || answer.ids() == null || answer.ids().isEmpty()
                || !answer.ids().stream().allMatch(Identifiers::isObjectId)) {
            throw new IllegalStateException("malformed subtree answer for '" + slug + "'");
        }
        return List.copyOf(answer.ids());
    }

    /** A category of the tree with its children, as the category facet shows them. */
    public record Category(String id, String slug, String name, List<Category> children) {

        /** Its own id and every descendant's. */
        public List<String> subtreeIds() {
            List<String> ids = new ArrayList<>();
            collect(this, ids);
            return ids;
        }

        private static void collect(Category category, List<String> ids) {
            ids.add(category.id());
            category.children().forEach(child -> collect(child, ids));
        }
    }

    /**
     * The whole category tree (its roots, each with its descendants), for the category facet: one
     * call whatever the number of categories, failing like the subtrees (a 503 naming
     * {@code category-service}, never an empty tree). Kept by {@link CategoryTreeCache}.
     */
    @Timeout(2000)
    @CircuitBreakerName(CategorySubtrees.DEPENDENCY + "-tree")
    @CircuitBreaker(requestVolumeThreshold = 20, failureRatio = 0.5, delay = 5000, skipOn = ProblemException.class)
    @Fallback(fallbackMethod = "treeUnavailable", skipOn = ProblemException.class)
    public List<Category> fetchTree() {
        CategoryClient.Tree tree = client.tree(true);
        if (tree == null || tree.roots() == null) {
            throw new IllegalStateException("malformed category tree answer");
        }
        return tree.roots().stream().map(CategorySubtrees::category).toList();
    }

    private static Category category(CategoryClient.TreeNode node) {
        if (node == null || !Identifiers.isObjectId(node.id()) || node.slug() == null) {
            throw new IllegalStateException("malformed category in the tree answer");
        }
        List<CategoryClient.TreeNode> children = node.children() == null ? List.of() : node.children();
        return new Category(node.id(), node.slug(), node.name() == null ? node.slug() : node.name(),
                children.stream().map(CategorySubtrees::category).toList());
    }

    List<Category> treeUnavailable(Throwable cause) {
        LOG.warnf("Category service could not give its tree: %s", cause.toString());
        throw Problems.unavailable(DEPENDENCY, "The category service could not be asked for its categories; retry later");
    }

    List<String> unavailable(String slug, Throwable cause) {
        LOG.warnf("Category service could not resolve '%s': %s", slug, cause.toString());
        throw Problems.unavailable(DEPENDENCY, "The category service could not be asked for category '" + slug
                + "'; retry later");
    }
}
