package com.example.shop.catalog.producttype;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * The {@code product_types} collection, for this feature's use cases only: one document per type,
 * {@code _id} = the type's name, so that a duplicate name is refused by the primary key (error
 * 11000), never by a racy read. The document's field names are the constants below, from which
 * its mapping ({@link #toDocument}, {@link #fromDocument}) and the feature's filters and sorts are built.
 */
@Singleton
record ProductTypeStore(MongoCollection<Document> types) {

    private static final String PRODUCT_TYPES = "product_types";

    /** The type's name, as the primary key. */
    static final String ID = "_id";
    static final String NAME = "name";
    static final String DESCRIPTION = "description";
    static final String ATTRIBUTES = "attributes";
    static final String MAX_PER_CART = "max_per_cart";
    /** The fields of an entry of {@code attributes}. */
    static final String ATTRIBUTE_NAME = "name";
    static final String ATTRIBUTE_TYPE = "type";
    static final String ATTRIBUTE_REQUIRED = "required";

    @Inject
    ProductTypeStore(MongoDatabase database) {
        this(database.getCollection(PRODUCT_TYPES));
    }

    static Document toDocument(ProductType type) {
        List<Document> attributes = new ArrayList<>();
        for (ProductType.Attribute a : type.attributes()) {
            attributes.add(new Document(ATTRIBUTE_NAME, a.name()).append(ATTRIBUTE_TYPE, a.type())
                    .append(ATTRIBUTE_REQUIRED, a.isRequired()));
        }
        Document doc = new Document(ID, type.name()).append(NAME, type.name());
        if (type.description() != null) {
            doc.append(DESCRIPTION, type.description());
        }
        doc.append(ATTRIBUTES, attributes);
        if (type.max_per_cart() != null) {
            doc.append(MAX_PER_CART, type.max_per_cart());
        }
        return doc;
    }

    static ProductType fromDocument(Document doc) {
        List<ProductType.Attribute> attributes = new ArrayList<>();
        for (Document a : doc.getList(ATTRIBUTES, Document.class, List.of())) {
            attributes.add(new ProductType.Attribute(a.getString(ATTRIBUTE_NAME), a.getString(ATTRIBUTE_TYPE),
                    a.getBoolean(ATTRIBUTE_REQUIRED, false)));
        }
        Number maxPerCart = (Number) doc.get(MAX_PER_CART);
        return new ProductType(doc.getString(ID), doc.getString(DESCRIPTION), List.copyOf(attributes),
                maxPerCart == null ? null : maxPerCart.intValue());
    }
}
