package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.DetailsValidator;
import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.ProductTypes;
import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;

/**
 * The {@code products} collection's writes and single reads, with their guards. Every change is
 * one single-document operation:
 * <ul>
 * <li>create: {@code insertOne}; the unique index on {@code sku} refuses a duplicate (11000 → 409);</li>
 * <li>replace: {@code findOneAndUpdate({sku, version: n}, {$set…, $inc: {version: 1}})}, so of two
 * writers holding the same version exactly one matches and the other gets 412;</li>
 * <li>delete: {@code deleteOne({sku[, version: n]})}.</li>
 * </ul>
 */
@ApplicationScoped
public class ProductCatalog {

    public static final String COLLECTION = "products";
    static final Bson WITHOUT_ID = Projections.excludeId();
    private static final Pattern CATEGORY_ID = Pattern.compile("[0-9a-f]{24}");
    private static final FindOneAndUpdateOptions RETURN_UPDATED = new FindOneAndUpdateOptions()
            .returnDocument(ReturnDocument.AFTER).projection(WITHOUT_ID);

    private final MongoCollection<Document> products;
    private final ProductTypes types;
    private final PerCartLimit perCartLimit;
    private final SchemaSetup schema;

    public ProductCatalog(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database,
                          ProductTypes types, PerCartLimit perCartLimit, SchemaSetup schema) {
        this.products = mongo.getDatabase(database).getCollection(COLLECTION);
        this.types = types;
        this.perCartLimit = perCartLimit;
        this.schema = schema;
    }

    /** The product, without {@code _id}; 404 when unknown. */
    public Document get(String sku) {
        Document product = products.find(eq("sku", sku)).projection(WITHOUT_ID).first();
        if (product == null) {
            throw unknown(sku);
        }
        return perCartLimit.shownOn(product);
    }

    public Document create(ProductBody body) {
        if (body.sku() == null || body.sku().isEmpty()) {
            throw Problems.invalidField("sku", "'sku' must not be blank");
        }
        if (body.version() != null && body.version() != 1L) {
            throw Problems.invalidField("version", "'version' is assigned by the service; a new product has version 1");
        }
        Document product = new Document("sku", body.sku());
        product.putAll(fields(body));
        product.append("version", 1L);
        schema.requireReady(); // no insert without the unique sku index: it is what refuses a duplicate
        try {
            products.insertOne(product);
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                throw new ProblemException(Problem.of(409, "duplicate-sku", "Duplicate SKU",
                        "A product with sku '" + body.sku() + "' already exists").with("sku", body.sku()));
            }
            throw e;
        }
        product.remove("_id");
        return perCartLimit.shownOn(product);
    }

    /** Replaces the product's fields if its version is still {@code expectedVersion}. */
    public Document replace(String sku, long expectedVersion, ProductBody body) {
        if (body.sku() != null && !body.sku().equals(sku)) {
            throw Problems.invalidField("sku", "'sku' in the body ('" + body.sku() + "') differs from the path ('" + sku
                    + "'); a sku cannot be changed");
        }
        if (body.version() != null && body.version() != expectedVersion) {
            throw Problems.invalidField("version", "'version' in the body (" + body.version()
                    + ") differs from If-Match (" + expectedVersion + ")");
        }
        Document set = fields(body);
        Document update = new Document("$set", set).append("$inc", new Document("version", 1L));
        Document unset = new Document();
        for (String optional : List.of("description", "shipping", "max_per_cart")) {
            if (!set.containsKey(optional)) {
                unset.append(optional, "");
            }
        }
        if (!unset.isEmpty()) {
            update.append("$unset", unset);
        }
        Document updated = products.findOneAndUpdate(and(eq("sku", sku), eq("version", expectedVersion)), update,
                RETURN_UPDATED);
        if (updated == null) {
            throw staleOrUnknown(sku, expectedVersion);
        }
        return perCartLimit.shownOn(updated);
    }

    /** Deletes the product; when {@code expectedVersion} is given, only if it is still that version. */
    public void delete(String sku, Long expectedVersion) {
        Bson filter = expectedVersion == null ? eq("sku", sku) : and(eq("sku", sku), eq("version", expectedVersion));
        if (products.deleteOne(filter).getDeletedCount() == 0) {
            throw expectedVersion == null ? unknown(sku) : staleOrUnknown(sku, expectedVersion);
        }
    }

    private ProblemException staleOrUnknown(String sku, long expectedVersion) {
        Document current = products.find(eq("sku", sku)).projection(Projections.include("version")).first();
        if (current == null) {
            return unknown(sku);
        }
        Object version = current.get("version");
        return new ProblemException(Problem.of(412, "precondition-failed", "Precondition failed",
                "Product '" + sku + "' is at version " + version + ", not " + expectedVersion
                        + "; read it again and retry").with("currentVersion", version));
    }

    private static ProblemException unknown(String sku) {
        return new ProblemException(Problem.of(404, "not-found", "Not found",
                "No product with sku '" + sku + "'").with("sku", sku));
    }

    /** The stored fields a body sets (all but sku and version), checked against the product type. */
    private Document fields(ProductBody body) {
        ProductType type = types.find(body.type()).orElseThrow(() -> Problems.invalidField("type",
                "Unknown product type '" + body.type() + "'; known: " + types.list().stream()
                        .map(ProductType::name).collect(Collectors.joining(", "))));
        Document details = DetailsValidator.toDocument(type, body.details());
        Document doc = new Document("type", type.name()).append("title", body.title());
        if (body.description() != null) {
            doc.append("description", body.description());
        }
        if (body.shipping() != null) {
            Document shipping = new Document();
            if (body.shipping().weight() != null) {
                shipping.append("weight", body.shipping().weight());
            }
            if (body.shipping().dimensions() != null) {
                ProductBody.Dimensions d = body.shipping().dimensions();
                shipping.append("dimensions", new Document("width", d.width()).append("height", d.height())
                        .append("depth", d.depth()));
            }
            doc.append("shipping", shipping);
        }
        doc.append("pricing", pricing(body.pricing()));
        doc.append("category_ids", categoryIds(body.category_ids()));
        doc.append("details", details);
        doc.append("keywords", Keywords.derive(body.title(), details, keywords(body.keywords())));
        if (body.max_per_cart() != null) {
            doc.append("max_per_cart", body.max_per_cart());
        }
        return doc;
    }

    static Document pricing(ProductBody.Pricing pricing) {
        long list = pricing.list();
        long retail = pricing.retail();
        if (retail > list) {
            throw Problems.invalidField("pricing.retail", "'pricing.retail' (" + retail
                    + ") must not exceed 'pricing.list' (" + list + ")");
        }
        long savings = list - retail;
        long pctSavings = list == 0 ? 0 : savings * 100 / list;
        if (pricing.savings() != null && pricing.savings() != savings) {
            throw Problems.invalidField("pricing.savings", "'pricing.savings' is computed as list - retail = "
                    + savings + "; leave it out or send that value");
        }
        if (pricing.pct_savings() != null && pricing.pct_savings() != pctSavings) {
            throw Problems.invalidField("pricing.pct_savings", "'pricing.pct_savings' is computed as "
                    + pctSavings + "; leave it out or send that value");
        }
        return new Document("currency", pricing.currency()).append("list", list).append("retail", retail)
                .append("savings", savings).append("pct_savings", pctSavings);
    }

    private static List<String> categoryIds(List<String> ids) {
        if (ids == null) {
            return List.of();
        }
        Set<String> unique = new LinkedHashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            if (id == null || !CATEGORY_ID.matcher(id).matches()) {
                throw Problems.invalidField("category_ids[" + i + "]",
                        "'category_ids[" + i + "]' must be a category id of 24 lower-case hex digits");
            }
            unique.add(id);
        }
        return new ArrayList<>(unique);
    }

    private static List<String> keywords(List<String> keywords) {
        if (keywords == null) {
            return List.of();
        }
        for (int i = 0; i < keywords.size(); i++) {
            String keyword = keywords.get(i);
            if (keyword == null || keyword.isBlank() || keyword.length() > 100) {
                throw Problems.invalidField("keywords[" + i + "]",
                        "'keywords[" + i + "]' must be a non-blank string of at most 100 characters");
            }
        }
        return keywords;
    }
}
