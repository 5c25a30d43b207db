package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.web.identifiers.Identifiers;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * The {@code $jsonSchema} of {@code products}, generated from the product types: the common fields
 * and, per known type, the declared {@code details}. A product whose type the validator does not
 * know yet (a type added a moment ago on another replica) passes the details part; the service
 * checks it anyway. MongoDB refuses an empty {@code enum} (and an empty {@code required}): with no
 * product type at all there is no type-specific part.
 */
final class ProductSchema {

    private static final List<String> INTEGER = List.of("int", "long");

    private ProductSchema() {
    }

    static Document of(List<ProductType> types) {
        Document money = new Document("bsonType", INTEGER).append("minimum", 0);
        Document properties = new Document()
                .append(StoredProduct.SKU, new Document("bsonType", "string"))
                .append(StoredProduct.TYPE, new Document("bsonType", "string"))
                .append(StoredProduct.TITLE, new Document("bsonType", "string"))
                .append(StoredProduct.DESCRIPTION, new Document("bsonType", "string"))
                .append(StoredProduct.SHIPPING, new Document("bsonType", "object"))
                .append(StoredProduct.PRICING, new Document("bsonType", "object")
                        .append("required", List.of(StoredProduct.CURRENCY, StoredProduct.LIST, StoredProduct.RETAIL,
                                StoredProduct.SAVINGS, StoredProduct.PCT_SAVINGS))
                        .append("properties", new Document(StoredProduct.CURRENCY, new Document("bsonType", "string"))
                                .append(StoredProduct.LIST, money).append(StoredProduct.RETAIL, money)
                                .append(StoredProduct.SAVINGS, money)
                                .append(StoredProduct.PCT_SAVINGS, new Document("bsonType", INTEGER).append("minimum", 0)
                                        .append("maximum", 100))))
                .append(StoredProduct.CATEGORY_IDS, new Document("bsonType", "array")
                        .append("items", new Document("bsonType", "string").append("pattern", Identifiers.OBJECT_ID)))
                .append(StoredProduct.KEYWORDS, new Document("bsonType", "array")
                        .append("items", new Document("bsonType", "string")))
                .append(StoredProduct.DETAILS, new Document("bsonType", "object"))
                .append(StoredProduct.MAX_PER_CART, new Document("bsonType", INTEGER).append("minimum", 1))
                .append(StoredProduct.VERSION, new Document("bsonType", INTEGER).append("minimum", 1));
        Document schema = new Document("bsonType", "object")
                .append("required", List.of(StoredProduct.SKU, StoredProduct.TYPE, StoredProduct.TITLE, StoredProduct.PRICING,
                        StoredProduct.DETAILS, StoredProduct.VERSION))
                .append("properties", properties);
        if (types.isEmpty()) {
            return schema;
        }
        List<Document> perType = new ArrayList<>();
        for (ProductType type : types) {
            Document attributes = new Document();
            List<String> required = new ArrayList<>();
            for (ProductType.Attribute attribute : type.attributes()) {
                attributes.append(attribute.name(), switch (attribute.valueType()) {
                    case STRING -> new Document("bsonType", "string");
                    case STRING_LIST -> new Document("bsonType", "array").append("items", new Document("bsonType", "string"));
                    case INTEGER -> new Document("bsonType", INTEGER);
                    case NUMBER -> new Document("bsonType", List.of("double", "int", "long"));
                    case BOOLEAN -> new Document("bsonType", "bool");
                    case DATE -> new Document("bsonType", "date");
                });
                if (attribute.isRequired()) {
                    required.add(attribute.name());
                }
            }
            Document details = new Document("bsonType", "object").append("additionalProperties", false)
                    .append("properties", attributes);
            if (!required.isEmpty()) {
                details.append("required", required);
            }
            perType.add(new Document("properties", new Document(StoredProduct.TYPE, new Document("enum", List.of(type.name())))
                    .append(StoredProduct.DETAILS, details)));
        }
        perType.add(new Document("properties", new Document(StoredProduct.TYPE,
                new Document("not", new Document("enum", types.stream().map(ProductType::name).toList())))));
        return schema.append("anyOf", perType);
    }
}
