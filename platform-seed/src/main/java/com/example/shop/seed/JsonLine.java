package com.example.shop.seed;

import java.util.List;

/**
 * One JSON object written into a reused StringBuilder, fields in the order they are added: the
 * generator's output is plain enough (strings, integers, string arrays, nested objects) that no
 * JSON library is needed, and the jar runs with {@code java -jar} alone. Strings are escaped as
 * RFC 8259 requires: a quote or a backslash after a backslash, a control character as its
 * four-digit hexadecimal escape; everything else is written as UTF-8.
 */
final class JsonLine {

    private final StringBuilder out = new StringBuilder(2048);
    /** Per nesting level: whether the object at that level has a field already. */
    private final boolean[] hasField = new boolean[8];
    private int depth;

    JsonLine begin() {
        out.setLength(0);
        depth = 0;
        hasField[0] = false;
        out.append('{');
        return this;
    }

    JsonLine string(String name, String value) {
        name(name);
        quoted(value);
        return this;
    }

    JsonLine number(String name, long value) {
        name(name);
        out.append(value);
        return this;
    }

    JsonLine nullValue(String name) {
        name(name);
        out.append("null");
        return this;
    }

    JsonLine strings(String name, List<String> values) {
        name(name);
        out.append('[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            quoted(values.get(i));
        }
        out.append(']');
        return this;
    }

    JsonLine object(String name) {
        name(name);
        out.append('{');
        hasField[++depth] = false;
        return this;
    }

    JsonLine end() {
        out.append('}');
        depth--;
        return this;
    }

    /** The finished line, without its newline. */
    StringBuilder line() {
        if (depth != 0) {
            throw new IllegalStateException("unclosed object");
        }
        return out.append('}');
    }

    private void name(String name) {
        if (hasField[depth]) {
            out.append(',');
        }
        hasField[depth] = true;
        quoted(name);
        out.append(':');
    }

    private void quoted(String value) {
        out.append('"');
        if (plain(value)) {
            out.append(value).append('"');
            return;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    private static boolean plain(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }
}
