package com.example.shop.cart.catalog;

import com.example.shop.cart.problems.CartProblems;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * Looks up the product snapshot for a cart line. The rest client's connect and read timeouts
 * bound the call; any failure other than a 404 is a 503 problem, and it happens before anything
 * is reserved.
 */
@Singleton
public class Catalog {

    private static final Logger LOG = Logger.getLogger(Catalog.class);

    @Inject
    @RestClient
    CatalogClient client;

    public ProductSnapshot product(String sku) {
        CatalogClient.Product product;
        try {
            product = client.product(sku);
        } catch (WebApplicationException e) {
            if (e.getResponse() != null && e.getResponse().getStatus() == 404) {
                throw CartProblems.unknownSku(sku);
            }
            LOG.warnf("Catalog answered %s for %s", e.getResponse() == null ? "?" : e.getResponse().getStatus(), sku);
            throw CartProblems.catalogUnavailable();
        } catch (ProcessingException | IllegalStateException e) {
            LOG.warnf("Catalog unreachable for %s: %s %s", sku, e.getClass().getSimpleName(), e.getMessage());
            throw CartProblems.catalogUnavailable();
        } catch (com.example.shop.web.ProblemException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.warnf("Catalog unreachable for %s: %s %s", sku, e.getClass().getSimpleName(), e.getMessage());
            throw CartProblems.catalogUnavailable();
        }
        if (product == null || product.pricing() == null || product.pricing().retail() == null
                || product.pricing().currency() == null || product.title() == null || product.pricing().retail() < 0) {
            LOG.warnf("Catalog product %s lacks a title or a retail price", sku);
            throw CartProblems.catalogUnavailable();
        }
        return new ProductSnapshot(sku, product.title(), product.type(), product.pricing().retail(), product.pricing().currency());
    }
}
