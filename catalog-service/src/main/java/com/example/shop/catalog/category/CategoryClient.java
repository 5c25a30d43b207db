package com.example.shop.catalog.category;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The category service's contract as the catalog uses it ({@code quarkus.rest-client.category-service.*}). */
@RegisterRestClient(configKey = "category-service")
@Path("/categories")
public interface CategoryClient {

    /** 200 with the category's own id and its descendants' ids; 404 problem when the slug is unknown. */
    @GET
    @Path("/{slug}/subtree-ids")
    @Produces(MediaType.APPLICATION_JSON)
    SubtreeIds subtreeIds(@PathParam("slug") String slug);

    @JsonIgnoreProperties(ignoreUnknown = true)
    record SubtreeIds(String slug, List<String> ids) {
    }
}
