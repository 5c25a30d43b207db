package com.example.shop.cart.catalog;

import com.example.shop.cart.CartProblems;
import com.example.shop.problems.ProblemException;
import com.example.shop.web.calls.ServiceCalls;
import io.quarkus.cache.CacheResult;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * The catalog service as this service sees it: the product snapshot a cart line copies. Every
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
        if (product == null || product.pricing() == null || product.pricing().retail() == null
                || product.pricing().currency() == null || product.title() == null || product.pricing().retail() < 0) {
            throw new IllegalStateException("the catalog's product " + sku + " lacks a title or a retail price");
        }
        return new ProductSnapshot(sku, product.title(), product.type(), product.pricing().retail(), product.pricing().currency(),
                product.max_per_cart() == null || product.max_per_cart() < 1 ? null : product.max_per_cart());
    }

    ProductSnapshot unavailable(String sku) {
        LOG.warnf("Catalog unavailable for %s", sku);
        throw CartProblems.catalogUnavailable();
    }
}
