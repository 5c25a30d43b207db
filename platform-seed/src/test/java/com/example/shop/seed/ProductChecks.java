package com.example.shop.seed;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What {@code POST /api/products} checks of a body, written out from the catalog's rules:
 * {@code ProductBody} (fields and their bean-validation bounds), {@code ProductFields} (retail at most
 * list, category ids of 24 lower-case hex digits, keywords) and {@code DetailsValidator} (every
 * attribute declared by the type, of its kind, dates {@code YYYY-MM-DD} strictly, required ones
 * present). Returns the problems found, empty when the line would be accepted.
 */
final class ProductChecks {

    static final Pattern SKU = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$");
    static final Pattern SLUG = Pattern.compile("^[a-z0-9]+(-[a-z0-9]+)*$");
    static final Pattern CATEGORY_ID = Pattern.compile("[0-9a-f]{24}");
    private static final Set<String> FIELDS = Set.of("sku", "type", "title", "description", "shipping", "pricing",
            "category_ids", "details", "keywords", "max_per_cart");
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

    private final Map<String, Map<String, DeclaredTypes.Attribute>> types;
    private final Set<String> categoryIds;

    ProductChecks(Map<String, Map<String, DeclaredTypes.Attribute>> types, Set<String> categoryIds) {
        this.types = types;
        this.categoryIds = categoryIds;
    }

    List<String> problems(JsonNode p) {
        List<String> out = new ArrayList<>();
        p.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) {
                out.add("unknown field " + f);
            }
        });
        if (!p.path("sku").isTextual() || !SKU.matcher(p.path("sku").asText()).matches()) {
            out.add("sku");
        }
        text(p, "title", 500, true, out);
        text(p, "description", 10_000, false, out);
        JsonNode shipping = p.path("shipping");
        if (!shipping.isMissingNode()) {
            whole(shipping, "weight", 0, 1_000_000_000L, false, out);
            JsonNode d = shipping.path("dimensions");
            if (!d.isMissingNode()) {
                for (String f : List.of("width", "height", "depth")) {
                    whole(d, f, 0, 1_000_000_000L, true, out);
                }
            }
        }
        JsonNode pricing = p.path("pricing");
        if (!pricing.path("currency").isTextual() || !pricing.path("currency").asText().matches("[A-Z]{3}")) {
            out.add("pricing.currency");
        }
        whole(pricing, "list", 0, 1_000_000_000_000L, true, out);
        whole(pricing, "retail", 0, 1_000_000_000_000L, true, out);
        if (pricing.path("retail").asLong() > pricing.path("list").asLong()) {
            out.add("pricing.retail above list");
        }
        JsonNode ids = p.path("category_ids");
        if (!ids.isArray() || ids.size() > 100) {
            out.add("category_ids");
        } else {
            for (JsonNode id : ids) {
                if (!id.isTextual() || !CATEGORY_ID.matcher(id.asText()).matches() || !categoryIds.contains(id.asText())) {
                    out.add("category_ids: " + id);
                }
            }
        }
        JsonNode keywords = p.path("keywords");
        if (!keywords.isMissingNode()) {
            if (!keywords.isArray() || keywords.size() > 100) {
                out.add("keywords");
            } else {
                for (JsonNode k : keywords) {
                    if (!k.isTextual() || k.asText().isBlank() || k.asText().length() > 100) {
                        out.add("keywords: " + k);
                    }
                }
            }
        }
        if (p.has("max_per_cart")) {
            whole(p, "max_per_cart", 1, 1000, true, out);
        }
        details(p, out);
        return out;
    }

    private void details(JsonNode p, List<String> out) {
        Map<String, DeclaredTypes.Attribute> declared = types.get(p.path("type").asText());
        if (declared == null) {
            out.add("unknown type " + p.path("type"));
            return;
        }
        JsonNode details = p.path("details");
        if (!details.isObject()) {
            out.add("details");
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = details.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            DeclaredTypes.Attribute a = declared.get(e.getKey());
            if (a == null) {
                out.add("details." + e.getKey() + " not declared");
                continue;
            }
            JsonNode v = e.getValue();
            boolean ok = switch (a.kind()) {
                case "STRING" -> v.isTextual() && v.asText().length() <= 10_000;
                case "STRING_LIST" -> v.isArray() && v.size() <= 1_000 && allText(v);
                case "INTEGER" -> v.isIntegralNumber();
                case "NUMBER" -> v.isNumber();
                case "BOOLEAN" -> v.isBoolean();
                case "DATE" -> v.isTextual() && isDate(v.asText());
                default -> false;
            };
            if (!ok) {
                out.add("details." + e.getKey() + " is not a " + a.kind() + ": " + v);
            }
        }
        declared.forEach((name, a) -> {
            if (a.required() && !details.has(name)) {
                out.add("details." + name + " required");
            }
        });
    }

    private static boolean allText(JsonNode array) {
        for (JsonNode v : array) {
            if (!v.isTextual() || v.asText().length() > 10_000) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDate(String s) {
        try {
            LocalDate.parse(s, DATE);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static void text(JsonNode p, String field, int max, boolean required, List<String> out) {
        JsonNode v = p.path(field);
        if (v.isMissingNode() && !required) {
            return;
        }
        if (!v.isTextual() || v.asText().length() > max || (required && v.asText().isBlank())) {
            out.add(field);
        }
    }

    private static void whole(JsonNode parent, String field, long min, long max, boolean required, List<String> out) {
        JsonNode v = parent.path(field);
        if (v.isMissingNode() && !required) {
            return;
        }
        if (!v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
            out.add(field + ": " + v);
        }
    }
}
