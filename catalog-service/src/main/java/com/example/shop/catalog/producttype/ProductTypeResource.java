package com.example.shop.catalog.producttype;

import com.example.shop.catalog.schema.CatalogSchema;
import com.example.shop.web.Problem;
import com.example.shop.web.Problems;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/product-types")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "product types")
public class ProductTypeResource {

    private final ProductTypes types;
    private final CatalogSchema schema;

    public ProductTypeResource(ProductTypes types, CatalogSchema schema) {
        this.types = types;
        this.schema = schema;
    }

    @GET
    @Operation(summary = "All product types with their declared details attributes")
    @APIResponse(responseCode = "200", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ProductType.class, type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.ARRAY)))
    public List<ProductType> list() {
        return types.list();
    }

    @GET
    @Path("/{name}")
    @Operation(summary = "One product type")
    @APIResponse(responseCode = "200", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ProductType.class)))
    @APIResponse(responseCode = "404", description = "No such type",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public ProductType get(@PathParam("name") String name) {
        return types.find(name).orElseThrow(() -> Problems.notFound("Product type '" + name + "' does not exist"));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(summary = "Declare a new product type (admin)")
    @APIResponse(responseCode = "201", description = "Created; Location names the new type",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductType.class)))
    @APIResponse(responseCode = "400", description = "Invalid declaration (the problem names the field)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", description = "No valid token",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "403", description = "Token without the admin role",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "A type with this name exists",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response create(@Valid @NotNull ProductType body) {
        ProductType created = types.create(body);
        schema.refreshValidator();
        return Response.created(UriBuilder.fromResource(ProductTypeResource.class).path(created.name()).build())
                .entity(created).build();
    }
}
