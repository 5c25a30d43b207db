package com.example.shop.seed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * An NDJSON file written with Jackson: each line one JSON object, its fields in the order they
 * were put, then a newline. Jackson escapes a quote, a backslash and every control character, so
 * no string can break a line; everything else is written as it is (UTF-8, by the writer).
 */
final class JsonLines implements Closeable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Writer out;

    JsonLines(Writer out) {
        this.out = out;
    }

    /** A new object, for a line or for a field of one. */
    static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /** Puts {@code values} into {@code object} as the array {@code name}. */
    static ObjectNode strings(ObjectNode object, String name, List<String> values) {
        ArrayNode array = object.putArray(name);
        values.forEach(array::add);
        return object;
    }

    /** Writes {@code line} as one line. */
    void write(JsonNode line) throws IOException {
        out.write(JSON.writeValueAsString(line));
        out.write('\n');
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
