package com.example.shop.catalog.product;

import com.example.shop.catalog.category.CategorySubtrees;
import com.example.shop.catalog.config.CatalogConfig;
import com.example.shop.web.Problem;
import com.example.shop.web.Problems;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import org.bson.Document;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** HTTP ⇄ catalog: parameters in, JSON out; the rules live in {@link ProductCatalog} and {@link ProductSearch}. */
@Path("/products")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "products")
public class ProductResource {

    private static final int MAX_TEXT_PARAMETER = 200;

    private final ProductCatalog catalog;
    private final ProductSearch search;
    private final CategorySubtrees categories;
    private final CatalogConfig config;

    public ProductResource(ProductCatalog catalog, ProductSearch search, CategorySubtrees categories,
                           CatalogConfig config) {
        this.catalog = catalog;
        this.search = search;
        this.categories = categories;
        this.config = config;
    }

    @GET
    @Path("/{sku}")
    @Operation(summary = "One product by sku")
    @APIResponse(responseCode = "200", description = "The product; ETag is its version",
            headers = @Header(name = "ETag", description = "The product's version, quoted", schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @APIResponse(responseCode = "404", description = "No product with this sku",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response get(@PathParam("sku") String sku) {
        Document product = catalog.get(sku);
        return Response.ok(ProductJson.of(product)).tag(versionTag(product)).build();
    }

    @GET
    @Operation(summary = "Search products", description = "All filters are optional and combine with AND. "
            + "Pages are ordered by 'sort' then sku; pass the 'next' of a page as 'cursor' to get the following one.")
    @APIResponse(responseCode = "200", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ProductView.Page.class)))
    @APIResponse(responseCode = "400", description = "Unknown or invalid parameter, tampered cursor (the problem names it)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "Unknown category slug",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = "The category service (for 'category') or the database is unavailable",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response list(
            @Parameter(description = "Product type, exact (e.g. Film)") @QueryParam("type") String type,
            @Parameter(description = "details.genre contains this value, exact (e.g. Jazz)") @QueryParam("genre") String genre,
            @Parameter(description = "details.actor contains this value, exact") @QueryParam("actor") String actor,
            @Parameter(description = "pricing.pct_savings strictly greater than this (0..100)") @QueryParam("minSavingsPct") Integer minSavingsPct,
            @Parameter(description = "Title contains this text, case-insensitive, taken literally") @QueryParam("title") String title,
            @Parameter(description = "Title starts with this text, case-sensitive (uses the title index)") @QueryParam("titlePrefix") String titlePrefix,
            @Parameter(description = "One keyword, matched exactly after lower-casing") @QueryParam("keyword") String keyword,
            @Parameter(description = "Category slug: products in it or any of its subcategories") @QueryParam("category") String category,
            @Parameter(description = "Order", schema = @Schema(enumeration = {"-pct_savings", "-issue_date", "title", "price", "-price"}))
            @QueryParam("sort") String sort,
            @Parameter(description = "Page size 1..100, default 20") @QueryParam("limit") Integer limit,
            @Parameter(description = "The 'next' of the previous page, unchanged") @QueryParam("cursor") String cursor) {
        int pageSize = limit == null ? config.products().defaultLimit() : limit;
        if (pageSize < 1 || pageSize > config.products().maxLimit()) {
            throw Problems.invalidField("limit", "Query parameter 'limit' must be between 1 and "
                    + config.products().maxLimit() + ", not " + limit);
        }
        if (minSavingsPct != null && (minSavingsPct < 0 || minSavingsPct > 100)) {
            throw Problems.invalidField("minSavingsPct", "Query parameter 'minSavingsPct' must be between 0 and 100");
        }
        ProductQuery query = new ProductQuery(text("type", type), text("genre", genre), text("actor", actor),
                minSavingsPct, text("title", title), text("titlePrefix", titlePrefix), text("keyword", keyword),
                text("category", category), ProductSort.fromParameter(sort), pageSize, text("cursor", cursor));
        List<String> categoryIds = query.category() == null ? null : categories.idsOf(query.category());
        ProductSearch.Page page = search.search(query, categoryIds);
        return Response.ok(ProductJson.page(page.items(), page.next())).build();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(summary = "Create a product (admin)")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = ProductBody.class)))
    @APIResponse(responseCode = "201", description = "Created; Location is the product's URL, ETag its version (1)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @APIResponse(responseCode = "400", description = "Invalid body: the problem names the field (e.g. details.issue_date)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", description = "No valid token",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "403", description = "Token without the admin role",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "A product with this sku exists (type .../duplicate-sku)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "Body over 1 MiB",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response create(@Valid @NotNull ProductBody body) {
        Document product = catalog.create(body);
        return Response.created(UriBuilder.fromResource(ProductResource.class).path(product.getString("sku")).build())
                .entity(ProductJson.of(product)).tag(versionTag(product)).build();
    }

    @PUT
    @Path("/{sku}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(summary = "Replace a product (admin), if it is still at the version given in If-Match")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = ProductBody.class)))
    @APIResponse(responseCode = "200", description = "The product after the change (version + 1)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @APIResponse(responseCode = "400", description = "Invalid body or If-Match",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", description = "No valid token",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "403", description = "Token without the admin role",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "No product with this sku",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "412", description = "The product changed since that version (currentVersion says which)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "428", description = "If-Match is missing",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response replace(@PathParam("sku") String sku,
                            @Parameter(in = ParameterIn.HEADER, required = true,
                                    description = "The version the change is based on (the ETag of a GET), e.g. \"3\" or 3")
                            @HeaderParam("If-Match") String ifMatch,
                            @Valid @NotNull ProductBody body) {
        if (ifMatch == null) {
            throw Problems.preconditionRequired("Send If-Match with the product's version (its ETag) to change it");
        }
        Document product = catalog.replace(sku, version(ifMatch), body);
        return Response.ok(ProductJson.of(product)).tag(versionTag(product)).build();
    }

    @DELETE
    @Path("/{sku}")
    @RolesAllowed("admin")
    @Operation(summary = "Delete a product (admin); with If-Match only if still at that version")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "401", description = "No valid token",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "403", description = "Token without the admin role",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "No product with this sku",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "412", description = "If-Match given and the product is at another version",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response delete(@PathParam("sku") String sku,
                           @Parameter(in = ParameterIn.HEADER, description = "Optional version guard")
                           @HeaderParam("If-Match") String ifMatch) {
        catalog.delete(sku, ifMatch == null ? null : version(ifMatch));
        return Response.noContent().build();
    }

    private static EntityTag versionTag(Document product) {
        return new EntityTag(String.valueOf(product.get("version")));
    }

    /** {@code 3}, {@code "3"} or {@code W/"3"}. */
    static long version(String ifMatch) {
        String value = ifMatch.strip();
        if (value.startsWith("W/")) {
            value = value.substring(2);
        }
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        try {
            long version = Long.parseLong(value);
            if (version >= 1) {
                return version;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw Problems.invalidField("If-Match", "If-Match must be the product's version (a positive integer, "
                + "optionally quoted as in the ETag), not '" + (ifMatch.length() > 40 ? ifMatch.substring(0, 40) : ifMatch) + "'");
    }

    private static String text(String name, String value) {
        if (value == null) {
            return null;
        }
        if (value.isBlank()) {
            throw Problems.invalidField(name, "Query parameter '" + name + "' must not be blank");
        }
        if (value.length() > MAX_TEXT_PARAMETER) {
            throw Problems.invalidField(name, "Query parameter '" + name + "' is longer than " + MAX_TEXT_PARAMETER
                    + " characters");
        }
        return value;
    }
}
