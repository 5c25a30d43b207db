package com.example.shop.catalog.search.lifecycle;

import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.runs.Run;
import com.example.shop.web.runs.RunStarted;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * HTTP ⇄ the search index's admin jobs, each a run like an import's: {@code POST} starts it on the
 * replica that takes the request (202, {@code Location} of the run), {@code GET} of the run shows
 * its state and progress, and in the end what it found or did.
 */
@ApplicationScoped
@Path("/admin/catalog/search-index")
@Tag(name = "catalog search index", description = "Admin: verify this replica's search index against MongoDB, rebuild it")
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public class SearchIndexResource {

    static final String BASE = "/admin/catalog/search-index";

    private final IndexJobs jobs;
    private final VerifyIndex verifyIndex;
    private final RebuildIndex rebuildIndex;

    SearchIndexResource(IndexJobs jobs, VerifyIndex verifyIndex, RebuildIndex rebuildIndex) {
        this.jobs = jobs;
        this.verifyIndex = verifyIndex;
        this.rebuildIndex = rebuildIndex;
    }

    @POST
    @Path("/verify")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "verifySearchIndex", summary = "Compare this replica's search index with MongoDB, as a job",
            description = "Reads every product of the index (sku and version) and every product of MongoDB (sku and version) "
                    + "and reports the skus missing from the index, the skus in the index that MongoDB no longer has, and the "
                    + "skus whose version differs: each counted (counts missing_from_index, not_in_database, version_differs), "
                    + "and the first 100 of each listed in sku order as the run's problems (index-missing-product, "
                    + "index-extra-product, index-version-differs). A few MB of memory at 300,000 products. A product written during the run may show as a difference "
                    + "a moment (another replica's write reaches this index within a second); a second run tells. The run "
                    + "verifies the index of the replica that takes the request (its label replica). One verify runs at a time "
                    + "per replica.")
    @APIResponse(responseCode = "202", description = "The run, started; follow Location",
            headers = @Header(name = "Location", description = "The run: /admin/catalog/search-index/verify/{id}",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Run.class)))
    @APIResponse(responseCode = "409", description = "Another verify is running on this replica")
    @APIResponse(responseCode = "503", description = "The index is still being built at start-up, or the database is unavailable")
    public Response verify() {
        Run run = verifyIndex.start();
        return RunStarted.accepted(BASE + "/verify/" + run.id(), run);
    }

    @GET
    @Path("/verify/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getSearchIndexVerify", summary = "One verify run: state, progress and, once done, the differences")
    @APIResponse(responseCode = "200", description = "The run")
    @APIResponse(responseCode = "400", description = "Not a run id (24 hexadecimal digits)")
    @APIResponse(responseCode = "404", description = "No such verify run")
    public Run verifyRun(@Parameter(description = "The run's id") @PathParam("id") String id) {
        return jobs.find(IndexJobs.Kind.VERIFY, id);
    }

    @POST
    @Path("/rebuild")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "rebuildSearchIndex", summary = "Rebuild this replica's search index from MongoDB beside the old one, as a job",
            description = "Builds a new index from MongoDB in a new directory while the old one goes on serving every read and "
                    + "write; every write made meanwhile goes to both. Then swaps it in atomically: a read that began before "
                    + "finishes on the old index, every later one reads the new; no read fails. The old directory is removed "
                    + "afterwards. Brings in what was changed in MongoDB behind the service's back. The run rebuilds the index "
                    + "of the replica that takes the request (its label replica; labels index and replaced name the new and the "
                    + "old generation). One rebuild runs at a time per replica.")
    @APIResponse(responseCode = "202", description = "The run, started; follow Location",
            headers = @Header(name = "Location", description = "The run: /admin/catalog/search-index/rebuild/{id}",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Run.class)))
    @APIResponse(responseCode = "409", description = "Another rebuild is running on this replica")
    @APIResponse(responseCode = "503", description = "The index is still being built at start-up, or the database is unavailable")
    public Response rebuild() {
        Run run = rebuildIndex.start();
        return RunStarted.accepted(BASE + "/rebuild/" + run.id(), run);
    }

    @GET
    @Path("/rebuild/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getSearchIndexRebuild", summary = "One rebuild run: state, progress and, once done, what it did")
    @APIResponse(responseCode = "200", description = "The run")
    @APIResponse(responseCode = "400", description = "Not a run id (24 hexadecimal digits)")
    @APIResponse(responseCode = "404", description = "No such rebuild run")
    public Run rebuildRun(@Parameter(description = "The run's id") @PathParam("id") String id) {
        return jobs.find(IndexJobs.Kind.REBUILD, id);
    }
}
