package com.example.shop.category.categories;

import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Admin checks of the derived ancestors against the parent pointers. */
@Path("/admin/categories")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@Tag(name = "category integrity", description = "Admin: find and mend ancestors that disagree with the parent chain")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public class TreeIntegrityResource {

    private final TreeIntegrity integrity;

    public TreeIntegrityResource(TreeIntegrity integrity) {
        this.integrity = integrity;
    }

    @GET
    @Path("/verify")
    @Operation(operationId = "verifyCategoryTree", summary = "Every category whose ancestors disagree with its parent chain (empty when healthy)",
            description = "Compares each category's stored ancestors with the chain of its parent pointers; reports every disagreement. Changes nothing.")
    @APIResponse(responseCode = "200", description = "What disagrees (empty lists when the tree is healthy)")
    public TreeIntegrity.VerifyReport verify() {
        return integrity.verify();
    }

    @POST
    @Path("/repair")
    @Operation(operationId = "repairCategoryTree", summary = "Rebuild ancestors from parent pointers, in bulk; reports what was fixed",
            description = "Rebuilds every category's ancestors from the parent pointers, in bulk passes until nothing changes; idempotent. Mends what an interrupted move or rename left half done.")
    @APIResponse(responseCode = "200", description = "What was repaired")
    @APIResponse(responseCode = "503", description = "The database is unavailable")
    public TreeIntegrity.RepairReport repair() {
        return integrity.repair();
    }
}
