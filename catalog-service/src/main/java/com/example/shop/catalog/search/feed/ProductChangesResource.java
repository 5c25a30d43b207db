package com.example.shop.catalog.search.feed;

import com.example.shop.catalog.ServiceSecret;
import com.example.shop.problems.Problems;
import com.example.shop.web.PageSize;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code GET /internal/product-changes}: the settled product changes after a revision
 * ({@link ProductChanges}), which the cart service follows to send {@code product.changed} webhooks.
 * Internal, as {@code /internal/availability}: not routed by the gateway, in no API document, and
 * it needs the {@link ServiceSecret} when one is set.
 */
@ApplicationScoped
@Path("/internal/product-changes")
@Produces(MediaType.APPLICATION_JSON)
public class ProductChangesResource {

    /** Most revisions one page reads. */
    static final int MAX_LIMIT = 500;

    private final ProductChanges changes;
    private final ServiceSecret secret;

    ProductChangesResource(ProductChanges changes, ServiceSecret secret) {
        this.changes = changes;
        this.secret = secret;
    }

    @GET
    @Operation(hidden = true, operationId = "productChanges", summary = "Settled product changes after a revision (internal)",
            description = "Without after: where to start (reached is the current revision). With it: the revisions after it "
                    + "whose writes are settled, each with the keys of the products it wrote, up to reached; ask again from "
                    + "reached. A different epoch means another database.")
    @APIResponse(responseCode = "200", description = "{epoch, revision, trimmed_through, reached, changes: [{revision, products}], more}")
    @APIResponse(responseCode = "400", description = "after below -1, or limit outside 1..500 (the problem names the parameter)")
    @APIResponse(responseCode = "401", description = "catalog.availability.secret is set and the call does not carry it")
    public ProductChanges.Page changes(@HeaderParam("Authorization") String authorization, @QueryParam("after") Long after,
                                       @QueryParam("limit") Integer limit) {
        secret.require(authorization);
        int size = PageSize.of(limit, 100, MAX_LIMIT);
        if (after == null) {
            return changes.start();
        }
        if (after < -1) {
            throw Problems.invalidField("after", "Query parameter 'after' is a revision, -1 or more, not " + after);
        }
        return changes.after(after, size);
    }
}
