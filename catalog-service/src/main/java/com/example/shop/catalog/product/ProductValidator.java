package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.ProductType;
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
final class ProductValidator {

    private static final List<String> INTEGER = List.of("int", "long");

    private ProductValidator() {
    }

    static Document schema(List<ProductType> types) {
        Document money = new Document("bsonType", INTEGER).append("minimum", 0);
        Document properties = new Document()
                .append("sku", new Document("bsonType", "string"))
                .append("type", new Document("bsonType", "string"))
                .append("title", new Document("bsonType", "string"))
                .append("description", new Document("bsonType", "string"))
                .append("shipping", new Document("bsonType", "object"))
                .append("pricing", new Document("bsonType", "object")
                        .append("required", List.of("currency", "list", "retail", "savings", "pct_savings"))
                        .append("properties", new Document("currency", new Document("bsonType", "string"))
                                .append("list", money).append("retail", money).append("savings", money)
                                .append("pct_savings", new Document("bsonType", INTEGER).append("minimum", 0)
                                        .append("maximum", 100))))
                .append("category_ids", new Document("bsonType", "array")
                        .append("items", new Document("bsonType", "string").append("pattern", "^[0-9a-f]{24}$")))
                .append("keywords", new Document("bsonType", "array").append("items", new Document("bsonType", "string")))
                .append("details", new Document("bsonType", "object"))
                .append("max_per_cart", new Document("bsonType", INTEGER).append("minimum", 1))
                .append("version", new Document("bsonType", INTEGER).append("minimum", 1));
        Document schema = new Document("bsonType", "object")
                .append("required", List.of("sku", "type", "title", "pricing", "details", "version"))
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
            perType.add(new Document("properties", new Document("type", new Document("enum", List.of(type.name())))
                    .append("details", details)));
        }
        perType.add(new Document("properties", new Document("type",
                new Document("not", new Document("enum", types.stream().map(ProductType::name).toList())))));
        return schema.append("anyOf", perType);
    }
}
