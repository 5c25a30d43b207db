package com.example.shop.web;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.client.MongoClient;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/** A resource that exists only in this module's tests, to exercise the conventions. */
@Path("/probe")
public class ProbeResource {

    @Inject
    MongoClient mongo;

    @Inject
    SchemaSetup schema;

    public record Pricing(@NotNull @PositiveOrZero Long list) {
    }

    public record Track(@NotBlank String name) {
    }

    public record Body(@NotBlank String title, @NotNull Integer qty, List<@NotBlank String> tags,
                       @Valid @NotNull Pricing pricing, List<@Valid Track> tracks) {
    }

    @POST
    public Map<String, Object> create(@Valid Body body) {
        return Map.of("title", body.title(), "qty", body.qty());
    }

    @GET
    public Map<String, Object> list(@QueryParam("genre") String genre,
                                    @QueryParam("limit") @Min(1) @Max(100) Integer limit) {
        return Map.of("genre", genre == null ? "" : genre, "limit", limit == null ? 20 : limit);
    }

    @GET
    @Path("/conflict")
    public String conflict() {
        throw new ProblemException(Problem.of(409, "duplicate-sku", "Duplicate SKU", "A product with sku 'x' exists")
                .with("sku", "x"));
    }

    @GET
    @Path("/database")
    public long database() {
        return mongo.getDatabase("probe").getCollection("c").countDocuments();
    }

    /** A write that relies on the unique sku index: refused while the indexes are not in place. */
    @POST
    @Path("/indexed")
    public Response indexedWrite(Map<String, String> item) {
        schema.requireReady();
        mongo.getDatabase("probe").getCollection("items").insertOne(new Document("sku", item.get("sku")));
        return Response.status(201).build();
    }

    @GET
    @Path("/indexes")
    public List<Map<String, Object>> indexes() {
        List<Map<String, Object>> names = new ArrayList<>();
        mongo.getDatabase("probe").getCollection("items").listIndexes()
                .forEach(index -> names.add(Map.of("name", index.getString("name"))));
        return names;
    }

    @GET
    @Path("/bug")
    public String bug() {
        throw new IllegalStateException("secret internal detail");
    }
}
