package com.example.shop.problems;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An RFC 9457 problem. {@code type} and {@code title} are stable per kind of problem (clients
 * switch on {@code type}); {@code detail} is for humans and names the offending field or value.
 * Extension members (for example {@code available} on insufficient inventory, {@code field} on bad
 * input) sit beside the standard members in the JSON object, as the RFC prescribes.
 *
 * @param instance may be null; it is then left out
 */
public record Problem(String type, String title, int status, String detail, String instance, Map<String, Object> extensions) {

    /** Problem types are URIs under this base followed by the problem's slug. */
    public static final String TYPE_BASE = "https://problems.shop.example/";

    public static final String MEDIA_TYPE = "application/problem+json";

    public Problem {
        extensions = extensions == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
    }

    public static Problem of(int status, String slug, String title, String detail) {
        return new Problem(TYPE_BASE + slug, title, status, detail, null, Map.of());
    }

    /** This problem with one more extension member (replacing one of the same name). */
    public Problem with(String member, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(extensions);
        more.put(member, value);
        return new Problem(type, title, status, detail, instance, more);
    }

    /** The extension member of that name, or null. */
    public Object member(String name) {
        return extensions.get(name);
    }

    /** The problem document: the standard members, then the extension members. */
    public String toJson() {
        StringBuilder json = new StringBuilder(160).append('{');
        member(json, "type", type);
        member(json, "title", title);
        member(json, "status", status);
        member(json, "detail", detail);
        member(json, "instance", instance);
        extensions.forEach((name, value) -> member(json, name, value));
        return json.append('}').toString();
    }

    private static void member(StringBuilder json, String name, Object value) {
        if (value == null) {
            return;
        }
        if (json.length() > 1) {
            json.append(',');
        }
        string(json, name);
        json.append(':');
        value(json, value);
    }

    private static void value(StringBuilder json, Object value) {
        if (value == null) {
            json.append("null");
        } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long || value instanceof Short
                || value instanceof Byte || value instanceof java.math.BigInteger) {
            json.append(value);
        } else if (value instanceof Number number) {
            double d = number.doubleValue();
            json.append(Double.isFinite(d) ? number.toString() : "null");
        } else if (value instanceof Map<?, ?> map) {
            json.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) {
                    json.append(',');
                }
                first = false;
                string(json, String.valueOf(entry.getKey()));
                json.append(':');
                value(json, entry.getValue());
            }
            json.append('}');
        } else if (value instanceof Collection<?> list) {
            json.append('[');
            boolean first = true;
            for (Object item : list) {
                if (!first) {
                    json.append(',');
                }
                first = false;
                value(json, item);
            }
            json.append(']');
        } else {
            string(json, value.toString());
        }
    }

    private static void string(StringBuilder json, String s) {
        json.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029' || Character.isSurrogate(c) && !validSurrogate(s, i)) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }

    /** A surrogate that is half of a well-formed pair (a lone one is escaped, so the JSON stays valid UTF-8). */
    private static boolean validSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
