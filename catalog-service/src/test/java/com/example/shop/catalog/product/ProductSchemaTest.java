package com.example.shop.catalog.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.BuiltInProductTypes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The {@code $jsonSchema} the catalog installs on {@code products}, for no, one and many product
 * types. MongoDB refuses the whole validator for an empty {@code enum} (or an empty
 * {@code required}, {@code anyOf}): none may appear, whatever the types.
 */
class ProductSchemaTest {

    static final List<ProductType> MANY = many();

    private static List<ProductType> many() {
        List<ProductType> types = new ArrayList<>(BuiltInProductTypes.BUILT_IN);
        types.add(new ProductType("Gift Card", "no attributes at all", List.of()));
        types.add(new ProductType("Poster", null, List.of(new ProductType.Attribute("width_mm", "integer", true),
                new ProductType.Attribute("framed", "boolean", false))));
        return types;
    }

    @Test
    void noTypesMeansNoTypeSpecificPart() {
        Document schema = ProductSchema.of(List.of());
        assertEquals(List.of(), emptyKeywords(schema, "$jsonSchema"));
        assertFalse(schema.containsKey("anyOf"), schema::toJson);
        assertEquals(List.of("sku", "type", "title", "pricing", "details", "version"), schema.get("required"));
    }

    @Test
    void oneTypeChecksItsDetailsAndLetsAnUnknownTypeThrough() {
        Document schema = ProductSchema.of(BuiltInProductTypes.BUILT_IN.subList(0, 1));
        assertEquals(List.of(), emptyKeywords(schema, "$jsonSchema"));
        List<?> anyOf = (List<?>) schema.get("anyOf");
        assertEquals(2, anyOf.size(), schema::toJson);
        Document album = (Document) ((Document) anyOf.get(0)).get("properties");
        assertEquals(List.of("Audio Album"), ((Document) album.get("type")).get("enum"));
        assertEquals(List.of("artist", "genre", "issue_date"), ((Document) album.get("details")).get("required"));
        assertEquals(new Document("properties", new Document("type", new Document("not", new Document("enum",
                List.of("Audio Album"))))), anyOf.get(1));
    }

    @Test
    void manyTypesEachGetTheirAlternative() {
        Document schema = ProductSchema.of(MANY);
        assertEquals(List.of(), emptyKeywords(schema, "$jsonSchema"));
        List<?> anyOf = (List<?>) schema.get("anyOf");
        assertEquals(MANY.size() + 1, anyOf.size());
        Document giftCard = (Document) ((Document) ((Document) anyOf.get(BuiltInProductTypes.BUILT_IN.size()))
                .get("properties")).get("details");
        assertFalse(giftCard.containsKey("required"), "a type without required attributes has no 'required': " + giftCard.toJson());
        assertEquals(List.of("Audio Album", "Film", "Apparel", "Gift Card", "Poster"),
                ((Document) ((Document) ((Document) anyOf.get(MANY.size())).get("properties")).get("type"))
                        .get("not", Document.class).get("enum"));
    }

    /** Paths of {@code enum}, {@code required}, {@code anyOf}, {@code allOf}, {@code oneOf} holding an empty list. */
    static List<String> emptyKeywords(Object node, String path) {
        List<String> found = new ArrayList<>();
        if (node instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                String key = String.valueOf(entry.getKey());
                if (List.of("enum", "required", "anyOf", "allOf", "oneOf").contains(key)
                        && entry.getValue() instanceof Collection<?> c && c.isEmpty()) {
                    found.add(path + "." + key);
                }
                found.addAll(emptyKeywords(entry.getValue(), path + "." + key));
            }
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                found.addAll(emptyKeywords(list.get(i), path + "[" + i + "]"));
            }
        }
        assertTrue(found.stream().allMatch(p -> p.startsWith("$jsonSchema")));
        return found;
    }
}
