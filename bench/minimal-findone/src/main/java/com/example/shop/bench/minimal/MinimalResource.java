package com.example.shop.bench.minimal;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.bson.types.ObjectId;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The reference point of the read benchmark: one {@code findOne} by {@code _id} on the catalog's
 * own collection, the document written out as JSON by the driver. Nothing else on the path.
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class MinimalResource {

    private static final JsonWriterSettings JSON = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

    private final MongoCollection<Document> products;

    @Inject
    public MinimalResource(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database,
            @ConfigProperty(name = "bench.collection", defaultValue = "products") String collection) {
        this.products = mongo.getDatabase(database).getCollection(collection);
    }

    /** The measured endpoint: {@code findOne({_id})}. */
    @GET
    @Path("findone/{id}")
    public String findOne(@PathParam("id") String id) {
        Object key = ObjectId.isValid(id) ? new ObjectId(id) : id;
        Document doc = products.find(eq("_id", key)).first();
        if (doc == null) {
            throw new NotFoundException();
        }
        return doc.toJson(JSON);
    }

    /** The same filtered, sorted query as the catalog's list (type + genre, newest first), no paging logic. */
    @GET
    @Path("list")
    public String list(@QueryParam("type") String type, @QueryParam("genre") String genre,
            @QueryParam("limit") Integer limit) {
        List<String> out = new ArrayList<>();
        for (Document doc : products.find(and(eq("type", type), eq("details.genre", genre)))
                .sort(Sorts.descending("details.issue_date")).limit(limit == null ? 20 : Math.min(limit, 100))) {
            out.add(doc.toJson(JSON));
        }
        return "[" + String.join(",", out) + "]";
    }

    /** Not measured: lets bench/run find the {@code _id} of a sku without a MongoDB shell. */
    @GET
    @Path("id-of/{sku}")
    @Produces(MediaType.TEXT_PLAIN)
    public String idOf(@PathParam("sku") String sku) {
        Document doc = products.find(eq("sku", sku)).projection(new Document("_id", 1)).first();
        if (doc == null) {
            throw new NotFoundException();
        }
        Object id = doc.get("_id");
        return id instanceof ObjectId oid ? oid.toHexString() : String.valueOf(id);
    }
}
