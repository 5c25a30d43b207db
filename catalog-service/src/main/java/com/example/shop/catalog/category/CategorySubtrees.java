package com.example.shop.catalog.category;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.util.List;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The ids of a category and all its descendants, asked of the category service. Its failures have
 * a defined answer: an unknown slug is a 404 problem naming it; a category service that is down,
 * slow (over the timeout) or answers nonsense is a 503 problem naming {@code category-service},
 * never a 500 and never an empty list that would look like "no products".
 */
@ApplicationScoped
public class CategorySubtrees {

    public static final String DEPENDENCY = "category-service";
    private static final Logger LOG = Logger.getLogger(CategorySubtrees.class);
    private static final Pattern SLUG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._~-]{0,199}");

    private final CategoryLookup lookup;

    public CategorySubtrees(CategoryLookup lookup) {
        this.lookup = lookup;
    }

    public List<String> idsOf(String slug) {
        if (!SLUG.matcher(slug).matches()) {
            throw Problems.invalidField("category", "Query parameter 'category' must be a category slug "
                    + "(letters, digits, '.', '_', '~', '-'; at most 200)");
        }
        try {
            return lookup.subtreeIds(slug);
        } catch (WebApplicationException e) {
            int status = e.getResponse() == null ? 0 : e.getResponse().getStatus();
            if (status == 404) {
                throw new ProblemException(Problem.of(404, "unknown-category", "Unknown category",
                        "No category with slug '" + slug + "'").with("category", slug));
            }
            throw unavailable(slug, "answered " + status);
        } catch (ProblemException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unavailable(slug, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private static ProblemException unavailable(String slug, String cause) {
        LOG.warnf("Category service could not resolve '%s': %s", slug, cause);
        return Problems.unavailable(DEPENDENCY, "The category service could not be asked for category '" + slug
                + "'; retry later");
    }
}
