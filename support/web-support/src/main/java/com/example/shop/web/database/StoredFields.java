package com.example.shop.web.database;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;

/**
 * Reads the values of stored documents the way every store needs them: a count whatever integer
 * width it was stored with (a quantity written as an int reads back as an Integer, an {@code $inc}
 * by a long can turn it into a Long), a time that may be absent, and an array of subdocuments or
 * of strings that may be absent.
 */
public final class StoredFields {

    private StoredFields() {
    }

    /** The number in {@code field} as a long; 0 when the document or the field is absent. */
    public static long number(Document doc, String field) {
        Object value = doc == null ? null : doc.get(field);
        return value instanceof Number n ? n.longValue() : 0L;
    }

    /** The number in {@code field} as a Long; null when the document or the field is absent, or null. */
    public static Long optionalNumber(Document doc, String field) {
        Object value = doc == null ? null : doc.get(field);
        return value instanceof Number n ? n.longValue() : null;
    }

    /** The date in {@code field} as an instant; null when the field is absent or null. */
    public static Instant instant(Document doc, String field) {
        Date date = doc.getDate(field);
        return date == null ? null : date.toInstant();
    }

    /** The subdocuments of the array in {@code field}; empty when the document or the field is absent. */
    public static List<Document> documents(Document doc, String field) {
        return doc == null ? List.of() : doc.getList(field, Document.class, List.of());
    }

    /** The strings of the array in {@code field}, in order; empty when the document or the field is absent. */
    public static List<String> strings(Document doc, String field) {
        return strings(doc == null ? null : doc.get(field));
    }

    /** The strings of a stored array, in order, anything else in it left out; empty when {@code value} is no array. */
    public static List<String> strings(Object value) {
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        List<String> strings = new ArrayList<>(list.size());
        for (Object element : list) {
            if (element instanceof String text) {
                strings.add(text);
            }
        }
        return strings;
    }
}
