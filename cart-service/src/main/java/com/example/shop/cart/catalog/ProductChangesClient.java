package com.example.shop.cart.catalog;

import com.example.shop.web.calls.ServiceCalls;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * GET {catalog}/internal/product-changes: the catalog's settled product changes after a revision.
 * Only {@link CatalogProductChanges} uses it; it shares the catalog's URL and timeouts
 * ({@code quarkus.rest-client.catalog-service.*}).
 */
@RegisterRestClient(configKey = "catalog-service")
@Path("/internal/product-changes")
@Produces(MediaType.APPLICATION_JSON)
interface ProductChangesClient {

    /** {@code after} null: where a new reader starts. */
    @GET
    ProductChangesPage changes(@HeaderParam("Authorization") String authorization, @QueryParam("after") Long after,
                               @QueryParam("limit") Integer limit);

    @ClientExceptionMapper
    static RuntimeException toException(Response response) {
        return ServiceCalls.failure(response, "the catalog");
    }
}
