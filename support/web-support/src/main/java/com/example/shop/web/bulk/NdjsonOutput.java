package com.example.shop.web.bulk;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedOutputStream;
import java.util.Iterator;

/** Streams rows as NDJSON, one JSON value a line, without holding more than one row. */
public final class NdjsonOutput {

    private NdjsonOutput() {
    }

    public static StreamingOutput of(Iterator<?> rows, ObjectMapper mapper) {
        ObjectWriter writer = mapper.writer().without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
        return out -> {
            BufferedOutputStream buffered = new BufferedOutputStream(out, 64 * 1024);
            try (JsonGenerator json = mapper.getFactory().createGenerator(buffered)) {
                json.setRootValueSeparator(null);
                while (rows.hasNext()) {
                    writer.writeValue(json, rows.next());
                    json.writeRaw('\n');
                }
            } finally {
                close(rows);
            }
        };
    }

    /** Rows that are already JSON text (one object each, without a line break). */
    public static StreamingOutput ofJson(Iterator<String> rows) {
        return out -> {
            try (java.io.Writer writer = new java.io.OutputStreamWriter(new BufferedOutputStream(out, 64 * 1024),
                    java.nio.charset.StandardCharsets.UTF_8)) {
                while (rows.hasNext()) {
                    writer.write(rows.next());
                    writer.write('\n');
                }
            } finally {
                close(rows);
            }
        };
    }

    private static void close(Iterator<?> rows) {
        if (rows instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // the cursor is gone either way
            }
        }
    }
}
