package com.example.shop.catalog.producttype;

import com.example.shop.web.database.StoredCodec;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * A product type of the {@code product_types} collection as its document: {@code _id} is the type's
 * name, so that a duplicate name is refused by the primary key.
 * <pre>
 * product_types {_id: name, name, description?, attributes: [{name, type, required}], max_per_cart?,
 *                options?: [{name, values?}], max_per_cart_scope?}
 * </pre>
 */
final class ProductTypeCodec extends StoredCodec<ProductType> {

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
    /** Stored only when the type has options, so a type declared before options reads the same. */
    static final String OPTIONS = "options";
    static final String OPTION_NAME = "name";
    static final String OPTION_VALUES = "values";
    static final String MAX_PER_CART_SCOPE = "max_per_cart_scope";

    ProductTypeCodec() {
        super(ProductType.class);
    }

    @Override
    protected Document toDocument(ProductType type) {
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
        if (!type.options().isEmpty()) {
            doc.append(OPTIONS, options(type.options()));
        }
        if (type.max_per_cart_scope() != null) {
            doc.append(MAX_PER_CART_SCOPE, type.max_per_cart_scope());
        }
        return doc;
    }

    /** The options as stored: {@code values} only when the option has a closed list. */
    static List<Document> options(List<ProductType.Option> options) {
        List<Document> stored = new ArrayList<>();
        for (ProductType.Option option : options) {
            Document one = new Document(OPTION_NAME, option.name());
            if (option.values() != null) {
                one.append(OPTION_VALUES, option.values());
            }
            stored.add(one);
        }
        return stored;
    }

    @Override
    protected ProductType fromDocument(Document doc) {
        List<ProductType.Attribute> attributes = new ArrayList<>();
        for (Document a : doc.getList(ATTRIBUTES, Document.class, List.of())) {
            attributes.add(new ProductType.Attribute(a.getString(ATTRIBUTE_NAME), a.getString(ATTRIBUTE_TYPE),
                    a.getBoolean(ATTRIBUTE_REQUIRED, false)));
        }
        List<ProductType.Option> options = new ArrayList<>();
        for (Document o : doc.getList(OPTIONS, Document.class, List.of())) {
            List<String> values = o.getList(OPTION_VALUES, String.class);
            options.add(new ProductType.Option(o.getString(OPTION_NAME), values == null ? null : List.copyOf(values)));
        }
        Number maxPerCart = (Number) doc.get(MAX_PER_CART);
        return new ProductType(doc.getString(ID), doc.getString(DESCRIPTION), List.copyOf(attributes),
                maxPerCart == null ? null : maxPerCart.intValue(), List.copyOf(options), doc.getString(MAX_PER_CART_SCOPE));
    }
}
