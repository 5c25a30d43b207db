package com.example.shop.catalog.producttype;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The {@code product_types} collection: one document per type, {@code _id} = the type's name, so
 * that a duplicate name is refused by the primary key (error 11000), never by a racy read.
 */
@ApplicationScoped
public class ProductTypes {

    public static final String COLLECTION = "product_types";

    /** The built-in types, from the book's examples; inserted at startup when missing. */
    public static final List<ProductType> BUILT_IN = List.of(
            new ProductType("Audio Album", "A music album (book ch. 5)", List.of(
                    attr("title", AttributeType.STRING, false),
                    attr("artist", AttributeType.STRING, true),
                    attr("genre", AttributeType.STRING_LIST, true),
                    attr("tracks", AttributeType.STRING_LIST, false),
                    attr("issue_date", AttributeType.DATE, true),
                    attr("label", AttributeType.STRING, false),
                    attr("format", AttributeType.STRING, false))),
            new ProductType("Film", "A film (book ch. 5)", List.of(
                    attr("title", AttributeType.STRING, false),
                    attr("director", AttributeType.STRING_LIST, true),
                    attr("writer", AttributeType.STRING_LIST, false),
                    attr("actor", AttributeType.STRING_LIST, false),
                    attr("genre", AttributeType.STRING_LIST, true),
                    attr("aspect_ratio", AttributeType.STRING, false),
                    attr("rating", AttributeType.STRING, false),
                    attr("issue_date", AttributeType.DATE, true))));

    private static final java.util.regex.Pattern ATTRIBUTE_NAME = java.util.regex.Pattern.compile("[a-z][a-z0-9_]{0,63}");

    private final MongoCollection<Document> collection;

    public ProductTypes(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this.collection = mongo.getDatabase(database).getCollection(COLLECTION);
    }

    public List<ProductType> list() {
        List<ProductType> types = new ArrayList<>();
        for (Document doc : collection.find().sort(Sorts.ascending("_id")).limit(1000)) {
            types.add(fromDocument(doc));
        }
        return types;
    }

    public Optional<ProductType> find(String name) {
        Document doc = collection.find(Filters.eq("_id", name)).first();
        return Optional.ofNullable(doc).map(ProductTypes::fromDocument);
    }

    /** Inserts a new type; 409 when one with this name exists. */
    public ProductType create(ProductType type) {
        checkDeclaration(type);
        try {
            collection.insertOne(toDocument(type));
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                throw new ProblemException(Problem.of(409, "duplicate-product-type", "Duplicate product type",
                        "A product type named '" + type.name() + "' already exists").with("name", type.name()));
            }
            throw e;
        }
        return type;
    }

    /** Inserts the built-in types that are missing; leaves existing ones as they are. Idempotent. */
    public void seedBuiltIns() {
        for (ProductType type : BUILT_IN) {
            Document doc = toDocument(type);
            doc.remove("_id");
            try {
                collection.updateOne(Filters.eq("_id", type.name()), Updates.setOnInsert(doc),
                        new UpdateOptions().upsert(true));
            } catch (MongoWriteException e) {
                if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                    throw e; // a concurrent replica inserted it first: fine
                }
            }
        }
    }

    /** Rules a declaration must follow beyond its field constraints; 400 naming the attribute. */
    static void checkDeclaration(ProductType type) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < type.attributes().size(); i++) {
            ProductType.Attribute attribute = type.attributes().get(i);
            String field = "attributes[" + i + "]";
            if (attribute == null) {
                throw Problems.invalidField(field, "'" + field + "' must be an attribute object");
            }
            if (attribute.name() == null || !ATTRIBUTE_NAME.matcher(attribute.name()).matches()) {
                throw Problems.invalidField(field + ".name", "'" + field + ".name' must be lower case letters, digits "
                        + "and '_', starting with a letter, at most 64 characters");
            }
            if (attribute.type() == null || AttributeType.fromWireName(attribute.type()).isEmpty()) {
                throw Problems.invalidField(field + ".type", "'" + field + ".type' must be one of "
                        + AttributeType.NAMES.replace('|', ','));
            }
            if (!seen.add(attribute.name())) {
                throw Problems.invalidField(field + ".name", "Attribute '" + attribute.name() + "' is declared twice");
            }
            AttributeType valueType = attribute.valueType();
            if (attribute.name().equals("issue_date") && valueType != AttributeType.DATE) {
                throw Problems.invalidField(field + ".type",
                        "Attribute 'issue_date' must be of type date: the catalog sorts by it");
            }
            if ((attribute.name().equals("genre") || attribute.name().equals("actor"))
                    && valueType != AttributeType.STRING && valueType != AttributeType.STRING_LIST) {
                throw Problems.invalidField(field + ".type", "Attribute '" + attribute.name()
                        + "' must be of type string or string_list: the catalog filters by it");
            }
        }
    }

    static Document toDocument(ProductType type) {
        List<Document> attributes = new ArrayList<>();
        for (ProductType.Attribute a : type.attributes()) {
            attributes.add(new Document("name", a.name()).append("type", a.type()).append("required", a.isRequired()));
        }
        Document doc = new Document("_id", type.name()).append("name", type.name());
        if (type.description() != null) {
            doc.append("description", type.description());
        }
        doc.append("attributes", attributes);
        if (type.max_per_cart() != null) {
            doc.append("max_per_cart", type.max_per_cart());
        }
        return doc;
    }

    static ProductType fromDocument(Document doc) {
        List<ProductType.Attribute> attributes = new ArrayList<>();
        for (Document a : doc.getList("attributes", Document.class, List.of())) {
            attributes.add(new ProductType.Attribute(a.getString("name"), a.getString("type"),
                    a.getBoolean("required", false)));
        }
        Number maxPerCart = (Number) doc.get("max_per_cart");
        return new ProductType(doc.getString("_id"), doc.getString("description"), List.copyOf(attributes),
                maxPerCart == null ? null : maxPerCart.intValue());
    }

    private static ProductType.Attribute attr(String name, AttributeType type, boolean required) {
        return new ProductType.Attribute(name, type.wireName(), required);
    }
}
