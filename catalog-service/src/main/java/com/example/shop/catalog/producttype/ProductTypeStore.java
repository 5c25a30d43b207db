package com.example.shop.catalog.producttype;

import com.example.shop.catalog.CatalogSchema;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The {@code product_types} collection, for this feature's use cases only: one document per type,
 * {@code _id} = the type's name, so that a duplicate name is refused by the primary key (error
 * 11000), never by a racy read.
 */
@ApplicationScoped
class ProductTypeStore {

    private final MongoCollection<Document> types;

    ProductTypeStore(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this.types = mongo.getDatabase(database).getCollection(CatalogSchema.PRODUCT_TYPES);
    }

    MongoCollection<Document> types() {
        return types;
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
}
