package com.example.shop.category.rest;

import com.example.shop.category.integrity.TreeIntegrity;
import com.example.shop.category.integrity.TreeIntegrity.RepairReport;
import com.example.shop.category.integrity.TreeIntegrity.VerifyReport;
import com.example.shop.web.Problem;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Admin checks of the derived ancestors against the parent pointers. */
@Path("/admin/categories")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@Tag(name = "category integrity")
@APIResponse(responseCode = "401", description = "No valid token", content = @Content(mediaType = Problem.MEDIA_TYPE))
@APIResponse(responseCode = "403", description = "Not an admin", content = @Content(mediaType = Problem.MEDIA_TYPE))
public class IntegrityResource {

    @Inject
    TreeIntegrity integrity;

    @GET
    @Path("/verify")
    @Operation(summary = "Every category whose ancestors disagree with its parent chain (empty when healthy)")
    public VerifyReport verify() {
        return integrity.verify();
    }

    @POST
    @Path("/repair")
    @Operation(summary = "Rebuild ancestors from parent pointers, in bulk; reports what was fixed")
    public RepairReport repair() {
        return integrity.repair();
    }
}
