package com.example.shop.web;

import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.Collection;
import java.util.Map;

/** Names JSON fields and types the way a client wrote them, for problem details. */
final class JsonPaths {

    private JsonPaths() {
    }

    /** {@code pricing.list}, {@code details.tracks[2]}; empty for the root. */
    static String of(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    static String describe(Class<?> type) {
        if (type == String.class || type.isEnum()) {
            return "a string";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "a boolean";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (type.getName().startsWith("java.time.")) {
            return "a date string (ISO-8601)";
        }
        if (Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.")) {
            return "an object";
        }
        return "of another type";
    }

    static String quote(Object value) {
        if (value == null) {
            return "null";
        }
        String text = String.valueOf(value);
        if (text.length() > 60) {
            text = text.substring(0, 60) + "…";
        }
        return "'" + text + "'";
    }
}
