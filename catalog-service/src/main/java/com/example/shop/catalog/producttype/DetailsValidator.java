package com.example.shop.catalog.producttype;

import com.example.shop.problems.Problems;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.Date;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks a product's {@code details} against its type's declaration and converts it to the stored
 * form. Every refusal is a 400 naming the attribute ({@code details.issue_date}).
 */
public final class DetailsValidator {

    static final int MAX_STRING = 10_000;
    static final int MAX_LIST = 1_000;
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);

    private DetailsValidator() {
    }

    /** The details as stored: each attribute's value in its stored type, in the order the body gives them. */
    public static Map<String, Object> stored(ProductType type, ObjectNode details) {
        Map<String, Object> stored = values(type, details, "details");
        for (ProductType.Attribute attribute : type.attributes()) {
            if (attribute.isRequired() && !stored.containsKey(attribute.name())) {
                throw Problems.invalidField("details." + attribute.name(), "Attribute 'details." + attribute.name()
                        + "' is required by type '" + type.name() + "'");
            }
        }
        return stored;
    }

    /**
     * A variant's details as stored: each attribute it overrides or adds, by the same rules as a
     * product's, named under {@code field} ({@code variants[2].details.format}). Required attributes are
     * the product's to have: merged over the product's details, the variant's are still the type's.
     */
    public static Map<String, Object> overrides(ProductType type, ObjectNode details, String field) {
        return values(type, details, field);
    }

    private static Map<String, Object> values(ProductType type, ObjectNode details, String prefix) {
        Map<String, Object> stored = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = details.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String path = prefix + "." + field.getKey();
            ProductType.Attribute attribute = type.attribute(field.getKey()).orElseThrow(() ->
                    Problems.invalidField(path, "Attribute '" + path + "' is not declared by type '" + type.name()
                            + "'; declared: " + type.attributes().stream().map(ProductType.Attribute::name)
                            .collect(Collectors.joining(", "))));
            stored.put(field.getKey(), convert(path, attribute.valueType(), field.getValue()));
        }
        return stored;
    }

    private static Object convert(String path, AttributeType type, JsonNode value) {
        if (value.isNull()) {
            throw Problems.invalidField(path, "Attribute '" + path + "' must not be null; leave it out instead");
        }
        switch (type) {
            case STRING -> {
                return string(path, value);
            }
            case STRING_LIST -> {
                if (!value.isArray()) {
                    throw wrongType(path, "an array of strings");
                }
                if (value.size() > MAX_LIST) {
                    throw Problems.invalidField(path, "Attribute '" + path + "' has more than " + MAX_LIST + " elements");
                }
                List<String> list = new ArrayList<>(value.size());
                for (int i = 0; i < value.size(); i++) {
                    list.add(string(path + "[" + i + "]", value.get(i)));
                }
                return list;
            }
            case INTEGER -> {
                if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                    throw wrongType(path, "an integer");
                }
                return value.longValue();
            }
            case NUMBER -> {
                if (!value.isNumber()) {
                    throw wrongType(path, "a number");
                }
                double number = value.doubleValue();
                if (!Double.isFinite(number)) {
                    throw wrongType(path, "a finite number");
                }
                return number;
            }
            case BOOLEAN -> {
                if (!value.isBoolean()) {
                    throw wrongType(path, "true or false");
                }
                return value.booleanValue();
            }
            case DATE -> {
                if (!value.isTextual()) {
                    throw wrongType(path, "a date string YYYY-MM-DD");
                }
                try {
                    LocalDate date = LocalDate.parse(value.textValue(), DATE);
                    return Date.from(date.atStartOfDay(ZoneOffset.UTC).toInstant());
                } catch (DateTimeParseException e) {
                    throw Problems.invalidField(path, "Attribute '" + path + "' must be a date YYYY-MM-DD, not '"
                            + Problems.excerpt(value.textValue()) + "'");
                }
            }
            default -> throw new IllegalStateException(type.name());
        }
    }

    private static String string(String path, JsonNode value) {
        if (!value.isTextual()) {
            throw wrongType(path, "a string");
        }
        if (value.textValue().length() > MAX_STRING) {
            throw Problems.invalidField(path, "Attribute '" + path + "' is longer than " + MAX_STRING + " characters");
        }
        return value.textValue();
    }

    private static RuntimeException wrongType(String path, String expected) {
        return Problems.invalidField(path, "Attribute '" + path + "' must be " + expected);
    }
}
