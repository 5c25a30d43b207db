package com.example.shop.cart.inventory;

import java.util.List;
import org.bson.Document;

/** Reading numbers and arrays out of BSON documents, whatever integer width they were stored with. */
public final class Docs {

    private Docs() {
    }

    public static long num(Document doc, String field) {
        Object value = doc == null ? null : doc.get(field);
        return value instanceof Number n ? n.longValue() : 0L;
    }

    public static List<Document> list(Document doc, String field) {
        if (doc == null) {
            return List.of();
        }
        @SuppressWarnings("unchecked")
        List<Document> value = (List<Document>) doc.get(field);
        return value == null ? List.of() : value;
    }

    public static long reserved(Document inventory) {
        return list(inventory, "carted").stream().mapToLong(e -> num(e, "qty")).sum();
    }
}
