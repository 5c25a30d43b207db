package com.example.shop.cart.catalog;

import com.example.shop.web.calls.ServiceCalls;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The one catalog call this service makes: GET {catalog}/products/{sku}. Only {@link Catalog}
 * uses it; its connect and read timeouts are {@code quarkus.rest-client.catalog-service.*}.
 */
@RegisterRestClient(configKey = "catalog-service")
@Path("/products")
@Produces(MediaType.APPLICATION_JSON)
interface CatalogClient {

    @GET
    @Path("/{sku}")
    Product product(@PathParam("sku") String sku);

    /** A 404 means the catalog has no such product ({@link ServiceCalls.NotFound}); any other error status is the catalog failing. */
    @ClientExceptionMapper
    static RuntimeException toException(Response response) {
        return ServiceCalls.failure(response, "the catalog");
    }

    /**
     * The part of the catalog's product this service reads; everything else is ignored. An older
     * catalog answers no {@code options}, {@code variants} nor {@code max_per_cart_scope}: the
     * product is then its one variant ({@link Catalog}). {@code selected} is the variant asked for,
     * when asked by a variant's sku other than the key.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Product(String sku, String type, String title, Pricing pricing, Integer max_per_cart, String max_per_cart_scope,
                   List<Option> options, List<Variant> variants, String selected) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Option(String name) {
    }

    /** A variant: its sku, its option values, its effective pricing, whether it is retired. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Variant(String sku, Map<String, String> options, Pricing pricing, Boolean retired) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Pricing(String currency, Long retail) {
    }
}
