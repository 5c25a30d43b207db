package com.example.shop.seed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The catalog's built-in product types as its source declares them
 * ({@code catalog-service/.../producttype/BuiltInProductTypes.java}), read from that file so that
 * the checks here follow the catalog's declaration, not a copy of it that could drift. Apparel,
 * which the design adds (docs/design.md#variants), is taken from the design while the source does
 * not declare it yet; once it does, the source's declaration is the one checked.
 */
final class DeclaredTypes {

    /** An attribute of {@code details}: its kind ({@code STRING}, {@code STRING_LIST}, {@code DATE}, ...) and whether it is required. */
    record Attribute(String kind, boolean required) {
    }

    static final Path SOURCE = Path.of("..", "catalog-service", "src", "main", "java", "com", "example", "shop", "catalog",
            "producttype", "BuiltInProductTypes.java");
    private static final Pattern TYPE = Pattern.compile("new ProductType\\(\"([^\"]+)\"");
    private static final Pattern ATTRIBUTE = Pattern.compile("attr\\(\"(\\w+)\",\\s*AttributeType\\.(\\w+),\\s*(true|false)\\)");

    /** Apparel as docs/design.md#variants declares it: brand (required), material, care. */
    static final Map<String, Attribute> DESIGNED_APPAREL = Map.of("brand", new Attribute("STRING", true),
            "material", new Attribute("STRING", false), "care", new Attribute("STRING", false));

    /** The options each type allows (docs/design.md#variants): name → its closed list of values, or null when free. */
    static final Map<String, Map<String, java.util.List<String>>> OPTIONS = Map.of(
            "Audio Album", Map.of("format", java.util.List.of("CD", "Vinyl", "Digital")),
            "Apparel", optionsOfApparel(),
            "Film", Map.of());

    private static Map<String, java.util.List<String>> optionsOfApparel() {
        Map<String, java.util.List<String>> options = new java.util.HashMap<>();
        options.put("size", java.util.List.of("XS", "S", "M", "L", "XL", "XXL"));
        options.put("colour", null);
        return options;
    }

    private DeclaredTypes() {
    }

    static Map<String, Map<String, Attribute>> read() throws IOException {
        String source = Files.readString(SOURCE);
        Map<String, Map<String, Attribute>> types = new LinkedHashMap<>();
        Matcher type = TYPE.matcher(source);
        int start = type.find() ? type.start() : -1;
        while (start >= 0) {
            String name = type.group(1);
            int end = type.find() ? type.start() : source.length();
            Map<String, Attribute> attributes = new LinkedHashMap<>();
            Matcher a = ATTRIBUTE.matcher(source.substring(start, end));
            while (a.find()) {
                attributes.put(a.group(1), new Attribute(a.group(2), Boolean.parseBoolean(a.group(3))));
            }
            types.put(name, attributes);
            start = end < source.length() ? end : -1;
        }
        if (types.isEmpty() || types.values().stream().anyMatch(Map::isEmpty)) {
            throw new IllegalStateException("no product type declarations found in " + SOURCE.toAbsolutePath());
        }
        types.putIfAbsent("Apparel", DESIGNED_APPAREL);
        return types;
    }
}
