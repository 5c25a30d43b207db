package com.example.shop.cart.catalog;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * POST {catalog}/internal/availability: skus that sold out or came back. Only {@link CatalogAvailability}
 * uses it; it shares the catalog's URL and timeouts ({@code quarkus.rest-client.catalog-service.*}).
 */
@RegisterRestClient(configKey = "catalog-service")
@Path("/internal/availability")
interface AvailabilityClient {

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Outcome report(@HeaderParam("Authorization") String authorization, Report report);

    record Report(List<AvailabilityChange> transitions) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Outcome(int applied, int stale) {
    }
}
