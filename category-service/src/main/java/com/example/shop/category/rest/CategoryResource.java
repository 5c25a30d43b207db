package com.example.shop.category.rest;

import com.example.shop.category.browse.BrowseCategories;
import com.example.shop.category.browse.Views.CategoryPage;
import com.example.shop.category.browse.Views.CategoryTree;
import com.example.shop.category.browse.Views.CategoryView;
import com.example.shop.category.browse.Views.SubtreeIds;
import com.example.shop.category.write.CreateCategory;
import com.example.shop.category.write.DeleteCategory;
import com.example.shop.category.write.UpdateCategory;
import com.example.shop.web.Problem;
import com.example.shop.web.Problems;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
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
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The category tree over HTTP: translates requests into use-case calls and results into responses. */
@Path("/categories")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "categories")
public class CategoryResource {

    @Inject
    BrowseCategories browse;

    @Inject
    CreateCategory create;

    @Inject
    UpdateCategory update;

    @Inject
    DeleteCategory delete;

    @GET
    @Operation(summary = "Root categories (paginated by slug), or the whole tree nested with tree=true")
    @APIResponse(responseCode = "200", description = "CategoryPage without tree, CategoryTree with tree=true",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(oneOf = {CategoryPage.class, CategoryTree.class})))
    @APIResponse(responseCode = "400", description = "Bad query parameter", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "422", description = "Tree over category.tree.max-nodes", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Object list(@QueryParam("tree") @Parameter(description = "true: the whole tree, nested") Boolean tree,
                       @QueryParam("limit") @Parameter(description = "page size, 1..category.page.max-limit") Integer limit,
                       @QueryParam("cursor") @Parameter(description = "'next' of the previous page")
                       @Size(max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String cursor) {
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
    @Operation(summary = "A category with its breadcrumbs (ancestors, root first)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = CategoryView.class)))
    @APIResponse(responseCode = "404", description = "Unknown slug", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public CategoryView get(@PathParam("slug") @Size(max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String slug) {
        return browse.get(slug);
    }

    @GET
    @Path("/{slug}/children")
    @Operation(summary = "Direct children (paginated by slug)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = CategoryPage.class)))
    @APIResponse(responseCode = "404", description = "Unknown slug", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public CategoryPage children(@PathParam("slug") @Size(max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String slug,
                                 @QueryParam("limit") Integer limit,
                                 @QueryParam("cursor") @Size(max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String cursor) {
        return browse.children(slug, limit, cursor);
    }

    @GET
    @Path("/{slug}/descendants")
    @Operation(summary = "All descendants at any depth (paginated by id)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = CategoryPage.class)))
    @APIResponse(responseCode = "404", description = "Unknown slug", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public CategoryPage descendants(@PathParam("slug") @Size(max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String slug,
                                    @QueryParam("limit") Integer limit,
                                    @QueryParam("cursor") String cursor) {
        return browse.descendants(slug, limit, cursor);
    }

    @GET
    @Path("/{slug}/subtree-ids")
    @Operation(summary = "Ids of the category and all its descendants (contract with the catalog service)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = SubtreeIds.class)))
    @APIResponse(responseCode = "404", description = "Unknown slug", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public SubtreeIds subtreeIds(@PathParam("slug") @Size(max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String slug) {
        return browse.subtreeIds(slug);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(summary = "Create a category under a parent (by slug) or as a root")
    @APIResponse(responseCode = "201", description = "Created; Location names it",
            content = @Content(schema = @Schema(implementation = CategoryView.class)))
    @APIResponse(responseCode = "400", description = "Invalid body", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "401", description = "No valid token", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "403", description = "Not an admin", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "Unknown parent", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "409", description = "Duplicate slug", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Response create(@Valid @NotNull CreateCategoryRequest body) {
        CategoryView created = CategoryView.of(create.create(body.name(), body.slug(), body.parent()));
        return Response.created(UriBuilder.fromPath("/categories/{slug}").build(created.slug()))
                .entity(created).build();
    }

    @PATCH
    @Path("/{slug}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("admin")
    @Operation(summary = "Rename, change slug, and/or move the category with its subtree (parent: slug, or null for a root)")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = CategoryView.class)))
    @APIResponse(responseCode = "400", description = "Invalid body", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "401", description = "No valid token", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "403", description = "Not an admin", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "Unknown category or parent", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "409", description = "Duplicate slug, or move under itself/a descendant", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public CategoryView patch(@PathParam("slug") @Size(max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String slug,
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
    @Operation(summary = "Delete a category that has no children")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "401", description = "No valid token", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "403", description = "Not an admin", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "Unknown slug", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "409", description = "Has children", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Response remove(@PathParam("slug") @Size(max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String slug) {
        delete.delete(slug);
        return Response.noContent().build();
    }
}
