package com.example.shop.catalog.producttype;

import com.example.shop.problems.Problems;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
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
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@ApplicationScoped
@Path("/product-types")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "product types", description = "The declared product types and their details attributes")
@HttpCaching(CachePolicy.PUBLIC_READ)
public class ProductTypeResource {

    private final ProductTypes types;
    private final DeclareProductType declareProductType;

    ProductTypeResource(ProductTypes types, DeclareProductType declareProductType) {
        this.types = types;
        this.declareProductType = declareProductType;
    }

    @GET
    @Operation(operationId = "listProductTypes", summary = "All product types with their declared details attributes",
            description = "Each type with the attributes its products' details may or must have, and their kinds (string, string_list, integer, number, boolean, date).")
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = "An ETag of an earlier answer: 304 when still current",
            schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "200", description = "Every product type",
            headers = @Header(name = "ETag", description = "Weak tag over the content", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ProductType.class, type = SchemaType.ARRAY)))
    @APIResponse(responseCode = "304", description = "Not modified: If-None-Match names the current content")
    public List<ProductType> list() {
        return types.list();
    }

    @GET
    @Path("/{name}")
    @Operation(operationId = "getProductType", summary = "One product type",
            description = "The type's declared details attributes.")
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = "An ETag of an earlier answer: 304 when still current",
            schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "200", description = "The product type",
            headers = @Header(name = "ETag", description = "Weak tag over the content", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductType.class)))
    @APIResponse(responseCode = "304", description = "Not modified: If-None-Match names the current content")
    @APIResponse(responseCode = "404", description = "No such type")
    public ProductType get(@PathParam("name") String name) {
        return types.find(name).orElseThrow(() -> Problems.notFound("Product type '" + name + "' does not exist"));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(operationId = "createProductType", summary = "Declare a new product type (admin)",
            description = "Declares a type and its details attributes; products of the type are validated against it from then on.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductType.class)))
    @APIResponse(responseCode = "201", description = "Created; Location names the new type",
            headers = @Header(name = "Location", description = "The type's URL", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductType.class)))
    @APIResponse(responseCode = "409", description = "A type with this name exists")
    public Response create(@Valid @NotNull ProductType body) {
        ProductType created = declareProductType.declare(body);
        return Response.created(UriBuilder.fromResource(ProductTypeResource.class).path(created.name()).build())
                .entity(created).build();
    }
}
