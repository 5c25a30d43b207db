package com.example.shop.catalog.category;

import com.example.shop.web.calls.ServiceCalls;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The category calls this service makes: GET {category}/categories/{slug}/subtree-ids (the
 * category filter) and GET {category}/categories?tree=true (the category facet). Only
 * {@link CategorySubtrees} uses it; its connect and read timeouts are
 * {@code quarkus.rest-client.category-service.*}.
 */
@RegisterRestClient(configKey = "category-service")
@Path("/categories")
interface CategoryClient {

    /** 200 with the category's own id and its descendants' ids; 404 problem when the slug is unknown. */
    @GET
    @Path("/{slug}/subtree-ids")
    @Produces(MediaType.APPLICATION_JSON)
    SubtreeIds subtreeIds(@PathParam("slug") String slug);

    /** 200 with every category, nested under its parent: {@code GET /categories?tree=true}. */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    Tree tree(@QueryParam("tree") boolean tree);

    /** A 404 means the category service has no such category ({@link ServiceCalls.NotFound}); any other error status is it failing. */
    @ClientExceptionMapper
    static RuntimeException toException(Response response) {
        return ServiceCalls.failure(response, "the category service");
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Tree(List<TreeNode> roots) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record TreeNode(String id, String slug, String name, List<TreeNode> children) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record SubtreeIds(String slug, List<String> ids) {
    }
}
