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
 * present); and of variants what docs/design.md#variants fixes: options among the type's (values
 * among its closed list), each variant one value of each of the product's options, no two with the
 * same values, at most {@link #MAX_VARIANTS}, a full pricing when it has one, details of the type.
 * Returns the problems found, empty when the line would be accepted.
 */
final class ProductChecks {

    static final Pattern SKU = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$");
    static final Pattern SLUG = Pattern.compile("^[a-z0-9]+(-[a-z0-9]+)*$");
    static final Pattern CATEGORY_ID = Pattern.compile("[0-9a-f]{24}");
    private static final Set<String> FIELDS = Set.of("sku", "type", "title", "description", "shipping", "pricing",
            "category_ids", "details", "keywords", "max_per_cart", "options", "variants");
    private static final Set<String> VARIANT_FIELDS = Set.of("sku", "options", "pricing", "details");
    /** docs/design.md#variants: catalog.products.max-variants. */
    static final int MAX_VARIANTS = 100;
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
        pricing(p.path("pricing"), "pricing", out);
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
        Map<String, DeclaredTypes.Attribute> declared = types.get(p.path("type").asText());
        if (declared == null) {
            out.add("unknown type " + p.path("type"));
            return out;
        }
        details(p.path("details"), "details", declared, true, out);
        variants(p, declared, out);
        return out;
    }

    private static void pricing(JsonNode pricing, String field, List<String> out) {
        if (!pricing.path("currency").isTextual() || !pricing.path("currency").asText().matches("[A-Z]{3}")) {
            out.add(field + ".currency");
        }
        whole(pricing, "list", 0, 1_000_000_000_000L, true, out);
        whole(pricing, "retail", 0, 1_000_000_000_000L, true, out);
        if (pricing.path("retail").asLong() > pricing.path("list").asLong()) {
            out.add(field + ".retail above list");
        }
    }

    private void variants(JsonNode p, Map<String, DeclaredTypes.Attribute> declared, List<String> out) {
        if (!p.has("options") && !p.has("variants")) {
            return; // a product without options: exactly the line it was before variants
        }
        Map<String, List<String>> allowed = DeclaredTypes.OPTIONS.get(p.path("type").asText());
        JsonNode options = p.path("options");
        JsonNode variants = p.path("variants");
        if (!options.isArray() || options.isEmpty() || !variants.isArray() || variants.isEmpty()) {
            out.add("options and variants: both, neither empty");
            return;
        }
        Map<String, Set<String>> values = new java.util.LinkedHashMap<>();
        for (JsonNode o : options) {
            String name = o.path("name").asText();
            if (allowed == null || !allowed.containsKey(name)) {
                out.add("options: " + name + " is not an option of " + p.path("type"));
                continue;
            }
            Set<String> vs = new java.util.LinkedHashSet<>();
            for (JsonNode v : o.path("values")) {
                List<String> closed = allowed.get(name);
                if (!v.isTextual() || v.asText().isBlank() || (closed != null && !closed.contains(v.asText())) || !vs.add(v.asText())) {
                    out.add("options." + name + ": " + v);
                }
            }
            if (vs.isEmpty() || values.put(name, vs) != null) {
                out.add("options." + name);
            }
        }
        if (variants.size() > MAX_VARIANTS) {
            out.add("variants: more than " + MAX_VARIANTS);
        }
        Set<String> skus = new java.util.HashSet<>();
        Set<String> combinations = new java.util.HashSet<>();
        for (int i = 0; i < variants.size(); i++) {
            JsonNode v = variants.get(i);
            String field = "variants[" + i + "]";
            v.fieldNames().forEachRemaining(f -> {
                if (!VARIANT_FIELDS.contains(f)) {
                    out.add(field + ": unknown field " + f);
                }
            });
            String sku = v.path("sku").asText();
            if (!SKU.matcher(sku).matches() || !skus.add(sku)) {
                out.add(field + ".sku: " + sku);
            }
            JsonNode chosen = v.path("options");
            if (!chosen.isObject() || chosen.size() != values.size()) {
                out.add(field + ".options: one value per option");
            } else {
                values.forEach((name, vs) -> {
                    if (!vs.contains(chosen.path(name).asText())) {
                        out.add(field + ".options." + name + ": " + chosen.path(name));
                    }
                });
                if (!combinations.add(chosen.toString())) {
                    out.add(field + ".options: the values of another variant");
                }
            }
            if (v.has("pricing")) {
                pricing(v.path("pricing"), field + ".pricing", out);
            }
            if (v.has("details")) {
                details(v.path("details"), field + ".details", declared, false, out);
            }
        }
    }

    private static void details(JsonNode details, String field, Map<String, DeclaredTypes.Attribute> declared, boolean whole,
                                List<String> out) {
        if (!details.isObject()) {
            out.add(field);
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = details.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            DeclaredTypes.Attribute a = declared.get(e.getKey());
            if (a == null) {
                out.add(field + "." + e.getKey() + " not declared");
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
                out.add(field + "." + e.getKey() + " is not a " + a.kind() + ": " + v);
            }
        }
        declared.forEach((name, a) -> {
            if (whole && a.required() && !details.has(name)) {
                out.add(field + "." + name + " required");
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
