package com.example.shop.category.categories;

import com.example.shop.problems.Problems;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
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

/** The category tree over HTTP: translates requests into use-case calls and results into responses. */
@Path("/categories")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "categories", description = "The category tree: browse, breadcrumbs, and admin changes")
@HttpCaching(CachePolicy.PUBLIC_READ)
public class CategoryResource {

    /** A category's name: not blank, at most this many characters. */
    static final int NAME_MAX = 200;
    /** What a bad slug's problem says (the syntax itself is web-support's {@link Identifiers#SLUG}). */
    static final String SLUG_MESSAGE = "must be " + Identifiers.SLUG_RULE;

    private static final String ETAG = "Weak tag over the content: any change of a category in it moves it";
    private static final String IF_NONE_MATCH = "An ETag of an earlier answer: 304 when still current";
    private static final String NOT_MODIFIED = "Not modified: If-None-Match names the current content";
    private static final String TREE_BUSY = "The tree is busy with another change (tree-busy) or the database is unavailable";

    private final BrowseCategories browse;
    private final CreateCategory create;
    private final UpdateCategory update;
    private final DeleteCategory delete;

    public CategoryResource(BrowseCategories browse, CreateCategory create, UpdateCategory update, DeleteCategory delete) {
        this.browse = browse;
        this.create = create;
        this.update = update;
        this.delete = delete;
    }

    @GET
    @Operation(operationId = "listCategories", summary = "Root categories (paginated by slug), or the whole tree nested with tree=true",
            description = "Without tree: the root categories, a page at a time by slug (limit, cursor). With tree=true: every category nested under its parent, in one answer, up to category.tree.max-nodes.")
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = IF_NONE_MATCH, schema = @Schema(type = SchemaType.STRING))
    // One object with the members of both answers rather than a oneOf: a page and a tree are both plain
    // objects, which no generated client can tell apart without a discriminator.
    @APIResponse(responseCode = "200", description = "Without tree: a page of root categories (items, next); with tree=true: the whole tree (roots, count)",
            headers = @Header(name = "ETag", description = ETAG, schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CategoryListingSchema.class)))
    @APIResponse(responseCode = "304", description = NOT_MODIFIED)
    @APIResponse(responseCode = "422", description = "Tree over category.tree.max-nodes")
    public Object list(@QueryParam("tree") @Parameter(description = "true: the whole tree, nested") Boolean tree,
                       @QueryParam("limit") @Parameter(description = "page size, 1..category.page.max-limit") Integer limit,
                       @QueryParam("cursor") @Parameter(description = "'next' of the previous page")
                       @Size(max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = SLUG_MESSAGE) String cursor) {
        if (Boolean.TRUE.equals(tree)) {
            if (limit != null || cursor != null) {
                throw Problems.invalidField(limit != null ? "limit" : "cursor", "The nested tree is not paginated; drop limit and cursor");
            }
            return browse.tree();
        }
        return browse.roots(limit, cursor);
    }

    @GET
    @Path("/{slug}")
    @Operation(operationId = "getCategory", summary = "A category with its breadcrumbs (ancestors, root first)",
            description = "The category, its parent's slug and its breadcrumbs: the ancestors from the root down to the parent.")
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = IF_NONE_MATCH, schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "200", description = "The category",
            headers = @Header(name = "ETag", description = ETAG, schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CategoryView.class)))
    @APIResponse(responseCode = "304", description = NOT_MODIFIED)
    @APIResponse(responseCode = "400", description = "Malformed slug")
    @APIResponse(responseCode = "404", description = "Unknown slug")
    public CategoryView get(@PathParam("slug") @Size(max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = SLUG_MESSAGE) String slug) {
        return browse.get(slug);
    }

    @GET
    @Path("/{slug}/children")
    @Operation(operationId = "listCategoryChildren", summary = "Direct children (paginated by slug)",
            description = "The categories whose parent is this one, a page at a time by slug.")
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = IF_NONE_MATCH, schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "200", description = "One page of children",
            headers = @Header(name = "ETag", description = ETAG, schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CategoryPage.class)))
    @APIResponse(responseCode = "304", description = NOT_MODIFIED)
    @APIResponse(responseCode = "400", description = "Malformed slug or bad query parameter")
    @APIResponse(responseCode = "404", description = "Unknown slug")
    public CategoryPage children(@PathParam("slug") @Size(max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = SLUG_MESSAGE) String slug,
                                 @QueryParam("limit") @Parameter(description = "page size, 1..category.page.max-limit") Integer limit,
                                 @QueryParam("cursor") @Parameter(description = "'next' of the previous page")
                                 @Size(max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = SLUG_MESSAGE) String cursor) {
        return browse.children(slug, limit, cursor);
    }

    @GET
    @Path("/{slug}/descendants")
    @Operation(operationId = "listCategoryDescendants", summary = "All descendants at any depth (paginated by id)",
            description = "Every category under this one at any depth, a page at a time by id.")
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = IF_NONE_MATCH, schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "200", description = "One page of descendants",
            headers = @Header(name = "ETag", description = ETAG, schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CategoryPage.class)))
    @APIResponse(responseCode = "304", description = NOT_MODIFIED)
    @APIResponse(responseCode = "400", description = "Malformed slug, cursor or bad query parameter")
    @APIResponse(responseCode = "404", description = "Unknown slug")
    public CategoryPage descendants(@PathParam("slug") @Size(max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = SLUG_MESSAGE) String slug,
                                    @QueryParam("limit") @Parameter(description = "page size, 1..category.page.max-limit") Integer limit,
                                    @QueryParam("cursor") @Parameter(description = "'next' of the previous page") String cursor) {
        return browse.descendants(slug, limit, cursor);
    }

    @GET
    @Path("/{slug}/subtree-ids")
    @Operation(operationId = "getCategorySubtreeIds", summary = "Ids of the category and all its descendants (contract with the catalog service)",
            description = "The ids the catalog filters products by for ?category=: this category's own id first, then every descendant's.")
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, description = IF_NONE_MATCH, schema = @Schema(type = SchemaType.STRING))
    @APIResponse(responseCode = "200", description = "The category's own id first, then its descendants'",
            headers = @Header(name = "ETag", description = ETAG, schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SubtreeIds.class)))
    @APIResponse(responseCode = "304", description = NOT_MODIFIED)
    @APIResponse(responseCode = "400", description = "Malformed slug")
    @APIResponse(responseCode = "404", description = "Unknown slug")
    public SubtreeIds subtreeIds(@PathParam("slug") @Size(max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = SLUG_MESSAGE) String slug) {
        return browse.subtreeIds(slug);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(operationId = "createCategory", summary = "Create a category under a parent (by slug) or as a root (admin)",
            description = "The new category's ancestors are its parent's plus the parent; slugs are unique.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = CreateCategoryRequest.class)))
    @APIResponse(responseCode = "201", description = "Created; Location names it",
            headers = @Header(name = "Location", description = "The category's URL", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CategoryView.class)))
    @APIResponse(responseCode = "404", description = "Unknown parent")
    @APIResponse(responseCode = "409", description = "Duplicate slug")
    @APIResponse(responseCode = "503", description = TREE_BUSY)
    public Response create(@Valid @NotNull CreateCategoryRequest body) {
        CategoryView created = CategoryView.of(create.create(body.name(), body.slug(), body.parent()));
        return Response.created(UriBuilder.fromPath("/categories/{slug}").build(created.slug()))
                .entity(created).build();
    }

    @PATCH
    @Path("/{slug}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(operationId = "updateCategory", summary = "Rename, change slug, and/or move the category with its subtree (admin)",
            description = "parent: the new parent's slug, or null for a root; absent: not moved.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = UpdateCategoryRequest.class)))
    @APIResponse(responseCode = "200", description = "The category after the change")
    @APIResponse(responseCode = "404", description = "Unknown category or parent")
    @APIResponse(responseCode = "409", description = "Duplicate slug, or move under itself/a descendant")
    @APIResponse(responseCode = "503", description = TREE_BUSY)
    public CategoryView patch(@PathParam("slug") @Size(max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = SLUG_MESSAGE) String slug,
                              @Valid @NotNull UpdateCategoryRequest body) {
        if (!body.nameGiven() && !body.slugGiven() && !body.parentGiven()) {
            throw Problems.badRequest("Give at least one of 'name', 'slug', 'parent'");
        }
        if (body.nameGiven() && body.getName() == null) {
            throw Problems.invalidField("name", "Field 'name' must not be null");
        }
        if (body.slugGiven() && body.getSlug() == null) {
            throw Problems.invalidField("slug", "Field 'slug' must not be null");
        }
        return CategoryView.of(update.update(slug,
                new UpdateCategory.Changes(body.getName(), body.getSlug(), body.parentGiven(), body.getParent())));
    }

    @DELETE
    @Path("/{slug}")
    @RolesAllowed("admin")
    @Operation(operationId = "deleteCategory", summary = "Delete a category that has no children (admin)",
            description = "Only a category without children can be deleted.")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "400", description = "Malformed slug")
    @APIResponse(responseCode = "404", description = "Unknown slug")
    @APIResponse(responseCode = "409", description = "Has children")
    @APIResponse(responseCode = "503", description = TREE_BUSY)
    public Response remove(@PathParam("slug") @Size(max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = SLUG_MESSAGE) String slug) {
        delete.delete(slug);
        return Response.noContent().build();
    }
}
