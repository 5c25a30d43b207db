package com.example.shop.cart.catalog;

import com.example.shop.cart.CartProblems;
import com.example.shop.problems.ProblemException;
import com.example.shop.web.WireName;
import com.example.shop.web.calls.ServiceCalls;
import io.quarkus.cache.CacheResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * The catalog service as this service sees it: the snapshot of the variant a cart line copies
 * (docs/design.md#variants), read from the product the catalog finds by any of its skus. Every
 * failure is known before anything is reserved: an unknown sku is 422 unknown-sku, a catalog that
 * is down, erroring or slower than the client's read timeout is 503 with
 * {@code dependency: catalog-service}.
 *
 * <ul>
 * <li><b>Cache</b> ({@code catalog-product}, expiry in application.properties): the same snapshot is
 * reused for a few seconds, so a busy sku costs the catalog one call per period, not one per add.
 * The price captured in a cart line can therefore be up to that old; the API docs say so.</li>
 * <li><b>Timeout</b>: the whole call, connection and read included, is bounded (2 s; the test
 * profile lengthens it with the MicroProfile Fault Tolerance key
 * {@code com.example.shop.cart.catalog.Catalog/product/Timeout/value}). A cached snapshot is
 * answered before it: the cache is the outer interceptor.</li>
 * <li><b>Circuit breaker</b>: when most recent calls failed, calls fail at once for a while instead
 * of each waiting for its timeout. An unknown sku is an answer, not a failure.</li>
 * </ul>
 */
@ApplicationScoped
public class Catalog {

    private static final Logger LOG = Logger.getLogger(Catalog.class);

    private final CatalogClient client;

    Catalog(@RestClient CatalogClient client) {
        this.client = client;
    }

    @CacheResult(cacheName = "catalog-product")
    @Timeout(2000)
    @CircuitBreaker(requestVolumeThreshold = 20, failureRatio = 0.5, delay = 5000, skipOn = ProblemException.class)
    @Fallback(fallbackMethod = "unavailable", skipOn = ProblemException.class)
    public ProductSnapshot product(String sku) {
        CatalogClient.Product product;
        try {
            product = client.product(sku);
        } catch (ServiceCalls.NotFound e) {
            throw CartProblems.unknownSku(sku);
        }
        if (product == null || product.title() == null) {
            throw new IllegalStateException("the catalog's product " + sku + " lacks a title");
        }
        CatalogClient.Variant variant = sold(sku, product);
        CatalogClient.Pricing pricing = variant.pricing() == null ? product.pricing() : variant.pricing();
        if (pricing == null || pricing.retail() == null || pricing.currency() == null || pricing.retail() < 0) {
            throw new IllegalStateException("the catalog's variant " + sku + " lacks a retail price");
        }
        return new ProductSnapshot(sku, product.sku() == null ? sku : product.sku(), product.title(), product.type(),
                pricing.retail(), pricing.currency(),
                product.max_per_cart() == null || product.max_per_cart() < 1 ? null : product.max_per_cart(),
                scope(product), options(product, variant), Boolean.TRUE.equals(variant.retired()));
    }

    /**
     * The variant sold under the asked sku: the one the catalog selected, or the one whose sku is the
     * key (a product without options). An older catalog answers no variants: the product is its
     * one. A product with options asked by its key alone names no variant to sell: 422.
     */
    private static CatalogClient.Variant sold(String sku, CatalogClient.Product product) {
        if (product.variants() == null || product.variants().isEmpty()) {
            return new CatalogClient.Variant(sku, Map.of(), product.pricing(), false);
        }
        if (product.selected() != null && !product.selected().equals(sku)) {
            throw new IllegalStateException("the catalog selected " + product.selected() + " when asked for " + sku);
        }
        for (CatalogClient.Variant variant : product.variants()) {
            if (sku.equals(variant.sku())) {
                return variant;
            }
        }
        if (sku.equals(product.sku())) {
            throw CartProblems.variantRequired(sku, product.variants().stream()
                    .filter(variant -> !Boolean.TRUE.equals(variant.retired())).map(CatalogClient.Variant::sku).toList());
        }
        throw new IllegalStateException("the catalog's product " + product.sku() + " has no variant " + sku);
    }

    /** The type's scope of {@code max_per_cart}; an older catalog says none: per variant, as before variants. */
    private static LimitScope scope(CatalogClient.Product product) {
        if (product.max_per_cart_scope() == null) {
            return LimitScope.VARIANT;
        }
        return WireName.find(LimitScope.class, product.max_per_cart_scope()).orElseThrow(() -> new IllegalStateException(
                "the catalog's max_per_cart_scope '" + product.max_per_cart_scope() + "' is none of " + WireName.all(LimitScope.class)));
    }

    /** The variant's option values in the order of the product's options (any it does not list after them). */
    private static Map<String, String> options(CatalogClient.Product product, CatalogClient.Variant variant) {
        Map<String, String> values = variant.options() == null ? Map.of() : variant.options();
        Map<String, String> ordered = new LinkedHashMap<>();
        if (product.options() != null) {
            for (CatalogClient.Option option : product.options()) {
                if (option != null && values.containsKey(option.name())) {
                    ordered.put(option.name(), values.get(option.name()));
                }
            }
        }
        values.forEach(ordered::putIfAbsent);
        return ordered;
    }

    ProductSnapshot unavailable(String sku) {
        LOG.warnf("Catalog unavailable for %s", sku);
        throw CartProblems.catalogUnavailable();
    }
}
