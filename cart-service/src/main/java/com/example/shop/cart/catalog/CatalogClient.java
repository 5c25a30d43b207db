package com.example.shop.cart.catalog;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The one catalog call this service makes: GET {catalog}/products/{sku}. */
@RegisterRestClient(configKey = "catalog-service")
@Path("/products")
@Produces(MediaType.APPLICATION_JSON)
public interface CatalogClient {

    @GET
    @Path("/{sku}")
    Product product(@PathParam("sku") String sku);

    /** The part of the catalog's product this service reads; everything else is ignored. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Product(String sku, String type, String title, Pricing pricing) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Pricing(String currency, Long retail) {
    }
}
