package com.example.shop.cart;

import java.util.List;
import org.bson.Document;

/**
 * Reads the values of stored documents the way every feature needs them: a count whatever integer
 * width it was stored with (a quantity written as an int reads back as an Integer, an {@code $inc}
 * by a long can turn it into a Long), and an array of subdocuments that may be absent.
 */
public final class StoredFields {

    private StoredFields() {
    }

    /** The number in {@code field} as a long; 0 when the document or the field is absent. */
    public static long number(Document doc, String field) {
        Object value = doc == null ? null : doc.get(field);
        return value instanceof Number n ? n.longValue() : 0L;
    }

    /** The subdocuments of the array in {@code field}; empty when the document or the field is absent. */
    public static List<Document> documents(Document doc, String field) {
        return doc == null ? List.of() : doc.getList(field, Document.class, List.of());
    }
}
