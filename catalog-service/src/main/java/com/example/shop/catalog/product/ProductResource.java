package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.search.listing.Facet;
import com.example.shop.catalog.search.listing.PriceRange;
import com.example.shop.catalog.search.listing.ProductQuery;
import com.example.shop.catalog.search.listing.ProductSort;
import com.example.shop.catalog.search.listing.SearchProducts;
import com.example.shop.problems.Problems;
import com.example.shop.web.PageSize;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.caching.IfMatch;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** HTTP ⇄ catalog: parameters in, JSON out; the rules live in the use cases ({@link SearchProducts}, {@link CreateProduct}, ...). */
@ApplicationScoped
@Path("/products")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "products", description = "The catalog: products of every type, search and admin edits")
@HttpCaching(CachePolicy.PUBLIC_READ)
public class ProductResource {

    private static final int MAX_TEXT_PARAMETER = 200;
    private static final int MAX_VALUES = 20;

    private final GetProduct getProduct;
    private final SearchProducts searchProducts;
    private final CreateProduct createProduct;
    private final ReplaceProduct replaceProduct;
    private final DeleteProduct deleteProduct;
    private final ProductVariants variants;
    private final CatalogConfig config;

    ProductResource(GetProduct getProduct, SearchProducts searchProducts, CreateProduct createProduct,
                    ReplaceProduct replaceProduct, DeleteProduct deleteProduct, ProductVariants variants,
                    CatalogConfig config) {
        this.variants = variants;
        this.getProduct = getProduct;
        this.searchProducts = searchProducts;
        this.createProduct = createProduct;
        this.replaceProduct = replaceProduct;
        this.deleteProduct = deleteProduct;
        this.config = config;
    }

    @GET
    @Path("/{sku}")
    @Operation(operationId = "getProduct", summary = "One product by its sku or a variant's sku",
            description = "ETag is the product's version (strong): send it in If-None-Match to revalidate, in If-Match to change the product. "
                    + "Found by a variant's sku, the product answers with selected: that sku.")
    @APIResponse(responseCode = "200", description = "The product",
            headers = {@Header(name = "ETag", description = "The product's version, quoted", schema = @Schema(type = SchemaType.STRING)),
                    @Header(name = "Cache-Control", description = "public, max-age, stale-while-revalidate", schema = @Schema(type = SchemaType.STRING))},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = "An ETag of an earlier answer: 304 when still current",
            schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "304", description = "Not modified: If-None-Match names the current version")
    @APIResponse(responseCode = "404", description = "No product or variant with this sku")
    public Response get(@PathParam("sku") String sku) {
        ProductView product = getProduct.bySku(sku);
        return Response.ok(product).tag(versionTag(product)).build();
    }

    @GET
    @Operation(operationId = "listProducts", summary = "Search products", description = "All filters are optional and combine with AND; "
            + "several values of type, genre or price mean any of them. Served from this replica's search index, which holds "
            + "every change made on this replica before that change was answered. "
            + "Pages are ordered by 'sort' then sku (by relevance then sku when q is given without sort); pass the 'next' of a "
            + "page as 'cursor' to get the following one. facets=type,genre,price,category,availability adds counts: each facet "
            + "counts the products that pass every filter but its own. The weak ETag names the index state the page was read "
            + "from: any change of the catalog moves it. Availability (inStock and the availability facet) is eventually "
            + "consistent: the cart service reports a sku's transitions between available and sold out, and every replica's "
            + "listings follow within 2 s of the sell-out or restock (measured: typically under 1 s); a report that fails "
            + "is retried every 0.5 s, and a lost one is found by the cart's reconciliation within 5 minutes. A product the "
            + "cart service never reported sold out is listed as in stock.")
    @APIResponse(responseCode = "200", description = "One page of products",
            headers = {@Header(name = "ETag", description = "Weak tag of the index state the page was read from", schema = @Schema(type = SchemaType.STRING)),
                    @Header(name = "Cache-Control", description = "public, max-age, stale-while-revalidate", schema = @Schema(type = SchemaType.STRING))},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.Page.class)))
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = "An ETag of an earlier answer: 304 when still current",
            schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "304", description = "Not modified: If-None-Match names the current index state")
    @APIResponse(responseCode = "400", description = "Unknown or invalid parameter, tampered cursor (the problem names it)")
    @APIResponse(responseCode = "404", description = "Unknown category slug")
    @APIResponse(responseCode = "503", description = "The category service (for 'category' or the category facet) is unavailable, "
            + "or this replica's search index is still being built")
    public Response list(
            @Parameter(description = "Product type, exact (e.g. Film); repeat for any of several") @QueryParam("type") List<String> type,
            @Parameter(description = "details.genre contains this value, exact (e.g. Jazz); repeat for any of several") @QueryParam("genre") List<String> genre,
            @Parameter(description = "details.actor contains this value, exact") @QueryParam("actor") String actor,
            @Parameter(description = "pricing.pct_savings strictly greater than this (0..100)") @QueryParam("minSavingsPct") Integer minSavingsPct,
            @Parameter(description = "Title contains this text, case-insensitive, taken literally") @QueryParam("title") String title,
            @Parameter(description = "Title starts with this text, case-sensitive") @QueryParam("titlePrefix") String titlePrefix,
            @Parameter(description = "One keyword, matched exactly after lower-casing") @QueryParam("keyword") String keyword,
            @Parameter(description = "Category slug: products in it or any of its subcategories") @QueryParam("category") String category,
            @Parameter(description = "pricing.retail in a range of minor units, 'min-max' (max excluded) or 'min-', as the price facet "
                    + "names its buckets; repeat for any of several") @QueryParam("price") List<String> price,
            @Parameter(description = "Text search in title (ranked higher), description and the text attributes of details: every word "
                    + "must match, by its English stem, with one typo (not in the first letter) in words of 5 letters or more, and the last word as a prefix "
                    + "unless q ends with a space. Plain text: no character is query syntax. At most 200 characters.")
            @QueryParam("q") String q,
            @Parameter(description = "Facet counts to add, comma-separated: type, genre, price, category, availability")
            @QueryParam("facets") String facets,
            @Parameter(description = "true: only products in stock (hide sold-out ones); false: only sold-out ones. Eventually "
                    + "consistent with the cart service's stock: a sell-out or restock shows here within 2 s. A product "
                    + "without any stock report counts as in stock.")
            @QueryParam("inStock") Boolean inStock,
            @Parameter(description = "Order (default: relevance with q, else sku)", schema = @Schema(type = SchemaType.STRING,
                    enumeration = {"-pct_savings", "-issue_date", "title", "price", "-price", "relevance"}))
            @QueryParam("sort") String sort,
            @Parameter(description = "Page size 1..100, default 20") @QueryParam("limit") Integer limit,
            @Parameter(description = "The 'next' of the previous page, unchanged") @QueryParam("cursor") String cursor,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        int pageSize = PageSize.of(limit, config.products().defaultLimit(), config.products().maxLimit());
        if (minSavingsPct != null && (minSavingsPct < 0 || minSavingsPct > 100)) {
            throw Problems.invalidField("minSavingsPct", "Query parameter 'minSavingsPct' must be between 0 and 100");
        }
        String keywordText = text("keyword", keyword);
        String text = text("q", q);
        ProductQuery query = new ProductQuery(texts("type", type), texts("genre", genre), text("actor", actor),
                minSavingsPct, text("title", title), text("titlePrefix", titlePrefix),
                keywordText == null ? null : Keywords.normalize(keywordText), slug(category),
                texts("price", price).stream().map(PriceRange::parse).toList(), text,
                sort == null || sort.isEmpty() ? (text == null ? ProductSort.SKU : ProductSort.RELEVANCE) : ProductSort.fromParameter(sort),
                pageSize, text("cursor", cursor), Facet.parse(text("facets", facets)), inStock);
        SearchProducts.Listing listing = searchProducts.search(query, ifNoneMatch);
        // A revalidation that still holds gets an empty body: ConditionalGet turns it into the 304 with the tag
        // and the cache headers, without the search having run.
        return Response.ok(listing.unchanged() ? new byte[0] : listing.json()).tag(new EntityTag(listing.tag(), true)).build();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(operationId = "createProduct", summary = "Create a product (admin)",
            description = "The body is validated against the product type's declared attributes; pricing is in integer minor units, savings and pct_savings are computed. The new product is at version 1.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductBody.class)))
    @APIResponse(responseCode = "201", description = "Created; Location is the product's URL, ETag its version (1)",
            headers = {@Header(name = "Location", description = "The product's URL", schema = @Schema(type = SchemaType.STRING)),
                    @Header(name = "ETag", description = "The product's version, quoted", schema = @Schema(type = SchemaType.STRING))},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @APIResponse(responseCode = "400", description = "Invalid body: the problem names the field (e.g. details.issue_date)")
    @APIResponse(responseCode = "409", description = "A product with this sku exists, or another product uses a variant's sku "
            + "(type .../duplicate-sku; field names it)")
    @APIResponse(responseCode = "422", description = "Options or variants that do not make a product (type .../invalid-variant; "
            + "field names it, e.g. variants[3].options)")
    public Response create(@Valid @NotNull ProductBody body) {
        ProductView product = createProduct.create(body);
        return Response.created(UriBuilder.fromResource(ProductResource.class).path(product.sku()).build())
                .entity(product).tag(versionTag(product)).build();
    }

    @PUT
    @Path("/{sku}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(operationId = "replaceProduct", summary = "Replace a product (admin), if it is still at the version given in If-Match",
            description = "Replaces the whole product (absent description or shipping are removed) only if it is still at the version given in If-Match; the version then goes up by one, which moves its ETag and that of every list holding it.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductBody.class)))
    @APIResponse(responseCode = "200", description = "The product after the change (version + 1)",
            headers = @Header(name = "ETag", description = "The new version, quoted", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @APIResponse(responseCode = "400", description = "Invalid body or If-Match")
    @APIResponse(responseCode = "404", description = "No product with this sku")
    @APIResponse(responseCode = "409", description = "Another product uses a variant's sku (type .../duplicate-sku)")
    @APIResponse(responseCode = "412", description = "The product changed since that version (currentVersion says which)")
    @APIResponse(responseCode = "422", description = "Options or variants that do not make a product (type .../invalid-variant)")
    public Response replace(@PathParam("sku") String sku,
                            @Parameter(in = ParameterIn.HEADER, required = true,
                                    description = "The version the change is based on (the ETag of a GET), e.g. \"3\" or 3")
                            @HeaderParam("If-Match") String ifMatch,
                            @Valid @NotNull ProductBody body) {
        ProductView product = replaceProduct.replace(sku, IfMatch.requiredVersion(ifMatch, "product"), body);
        return Response.ok(product).tag(versionTag(product)).build();
    }

    @DELETE
    @Path("/{sku}")
    @RolesAllowed("admin")
    @Operation(operationId = "deleteProduct", summary = "Delete a product (admin); with If-Match only if still at that version",
            description = "Removes the product; with If-Match only if it is still at that version.")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "400", description = "If-Match is not a version")
    @APIResponse(responseCode = "404", description = "No product with this sku")
    @APIResponse(responseCode = "412", description = "If-Match given and the product is at another version")
    public Response delete(@PathParam("sku") String sku,
                           @Parameter(in = ParameterIn.HEADER, description = "Optional version guard")
                           @HeaderParam("If-Match") String ifMatch) {
        deleteProduct.delete(sku, IfMatch.optionalVersion(ifMatch, "product"));
        return Response.noContent().build();
    }

    @POST
    @Path("/{key}/variants")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(operationId = "addVariant", summary = "Add a variant to a product (admin), if it is still at the version given in If-Match",
            description = "The variant's option values must be among the product's options, unlike every other variant's; its sku "
                    + "must not be used by any product. Pricing and details, when given, override the product's.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductBody.Variant.class)))
    @APIResponse(responseCode = "200", description = "The product after the change (version + 1), as GET answers it",
            headers = @Header(name = "ETag", description = "The new version, quoted", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @APIResponse(responseCode = "404", description = "No product with this key")
    @APIResponse(responseCode = "409", description = "Another product uses the sku (type .../duplicate-sku)")
    @APIResponse(responseCode = "412", description = "The product changed since that version (currentVersion says which)")
    @APIResponse(responseCode = "422", description = "The variant does not fit the product (type .../invalid-variant; field names it)")
    public Response addVariant(@PathParam("key") String key,
                               @Parameter(in = ParameterIn.HEADER, required = true,
                                       description = "The product's version the change is based on (the ETag of a GET)")
                               @HeaderParam("If-Match") String ifMatch,
                               @Valid @NotNull ProductBody.Variant body) {
        ProductView product = variants.add(key, IfMatch.requiredVersion(ifMatch, "product"), body);
        return Response.ok(product).tag(versionTag(product)).build();
    }

    @PUT
    @Path("/{key}/variants/{sku}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(operationId = "changeVariant", summary = "Change a variant's option values, pricing and details (admin), if the "
            + "product is still at the version given in If-Match",
            description = "Replaces the variant's options, pricing and details (absent pricing or details: the product's); its "
                    + "sku and whether it is retired stay.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductBody.Variant.class)))
    @APIResponse(responseCode = "200", description = "The product after the change (version + 1), as GET answers it",
            headers = @Header(name = "ETag", description = "The new version, quoted", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @APIResponse(responseCode = "404", description = "No product with this key, or no such variant of it")
    @APIResponse(responseCode = "412", description = "The product changed since that version (currentVersion says which)")
    @APIResponse(responseCode = "422", description = "The variant does not fit the product (type .../invalid-variant; field names it)")
    public Response changeVariant(@PathParam("key") String key, @PathParam("sku") String sku,
                                  @Parameter(in = ParameterIn.HEADER, required = true,
                                          description = "The product's version the change is based on (the ETag of a GET)")
                                  @HeaderParam("If-Match") String ifMatch,
                                  @Valid @NotNull ProductBody.Variant body) {
        ProductView product = variants.change(key, sku, IfMatch.requiredVersion(ifMatch, "product"), body);
        return Response.ok(product).tag(versionTag(product)).build();
    }

    @DELETE
    @Path("/{key}/variants/{sku}")
    @RolesAllowed("admin")
    @Operation(operationId = "retireVariant", summary = "Retire a variant (admin), if the product is still at the version given in If-Match",
            description = "The variant is marked retired: no longer listed or added to carts, kept in the product, its sku still "
                    + "taken. Retiring a retired variant changes nothing.")
    @APIResponse(responseCode = "200", description = "The product after the change, as GET answers it",
            headers = @Header(name = "ETag", description = "The product's version, quoted", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProductView.class)))
    @APIResponse(responseCode = "404", description = "No product with this key, or no such variant of it")
    @APIResponse(responseCode = "409", description = "The product's last unretired variant, or the one variant of a product "
            + "without options: delete the product instead (type .../variant-conflict)")
    @APIResponse(responseCode = "412", description = "The product changed since that version (currentVersion says which)")
    public Response retireVariant(@PathParam("key") String key, @PathParam("sku") String sku,
                                  @Parameter(in = ParameterIn.HEADER, required = true,
                                          description = "The product's version the change is based on (the ETag of a GET)")
                                  @HeaderParam("If-Match") String ifMatch) {
        ProductView product = variants.retire(key, sku, IfMatch.requiredVersion(ifMatch, "product"));
        return Response.ok(product).tag(versionTag(product)).build();
    }

    private static EntityTag versionTag(ProductView product) {
        return new EntityTag(String.valueOf(product.version()));
    }

    /**
     * A category slug as the category service writes them ({@link Identifiers#SLUG}): a value it
     * could never have is a 400 naming {@code category}, not a call.
     */
    private static String slug(String value) {
        String slug = text("category", value);
        return slug == null ? null : Identifiers.requireSlug(slug, "category");
    }

    /** A repeatable parameter: each value as {@link #text}, empty ones dropped, at most {@value #MAX_VALUES} values. */
    private static List<String> texts(String name, List<String> values) {
        if (values == null) {
            return List.of();
        }
        if (values.size() > MAX_VALUES) {
            throw Problems.invalidField(name, "Query parameter '" + name + "' may be given at most " + MAX_VALUES + " times");
        }
        return values.stream().filter(v -> !v.isEmpty()).map(v -> text(name, v)).distinct().toList();
    }

    private static String text(String name, String value) {
        if (value == null || value.isEmpty()) {
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
