package com.example.shop.e2e;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the spans out of an OTLP {@code ExportTraceServiceRequest} (protobuf), the fields a test
 * looks at only: each span's service (its resource's {@code service.name}), ids, name, kind, times
 * and string attributes. The protobuf wire format is small enough to read by hand, which spares
 * the test the generated classes of opentelemetry-proto and their protobuf runtime.
 *
 * <p>Field numbers from opentelemetry-proto (trace/v1/trace.proto, common/v1/common.proto):
 * ExportTraceServiceRequest.resource_spans = 1; ResourceSpans.resource = 1, scope_spans = 2;
 * Resource.attributes = 1; ScopeSpans.spans = 2; Span.trace_id = 1, span_id = 2,
 * parent_span_id = 4, name = 5, kind = 6, start_time_unix_nano = 7, end_time_unix_nano = 8,
 * attributes = 9; KeyValue.key = 1, value = 2; AnyValue.string_value = 1, int_value = 3.
 */
final class OtlpSpans {

    /** Span kinds (SpanKind of trace.proto). */
    static final int SERVER = 2;
    static final int CLIENT = 3;

    record Span(String service, String traceId, String spanId, String parentSpanId, String name, int kind,
                long startNanos, long endNanos, Map<String, String> attributes) {

        long micros() {
            return (endNanos - startNanos) / 1_000;
        }

        @Override
        public String toString() {
            return service + " " + name + " (" + kindName() + ", " + spanId + " <- " + parentSpanId + ")";
        }

        String kindName() {
            return switch (kind) {
                case 1 -> "internal";
                case SERVER -> "server";
                case CLIENT -> "client";
                case 4 -> "producer";
                case 5 -> "consumer";
                default -> "unspecified";
            };
        }
    }

    private OtlpSpans() {
    }

    static List<Span> parse(byte[] request) {
        List<Span> spans = new ArrayList<>();
        Reader reader = new Reader(request);
        while (reader.more()) {
            int field = reader.tag();
            if (field == 1) {
                resourceSpans(reader.message(), spans);
            } else {
                reader.skip();
            }
        }
        return spans;
    }

    private static void resourceSpans(Reader reader, List<Span> into) {
        String service = "";
        List<Reader> scopes = new ArrayList<>();
        while (reader.more()) {
            int field = reader.tag();
            if (field == 1) {
                Reader resource = reader.message();
                while (resource.more()) {
                    if (resource.tag() == 1) {
                        String[] attribute = keyValue(resource.message());
                        if (attribute[0].equals("service.name")) {
                            service = attribute[1];
                        }
                    } else {
                        resource.skip();
                    }
                }
            } else if (field == 2) {
                scopes.add(reader.message());
            } else {
                reader.skip();
            }
        }
        for (Reader scope : scopes) {
            while (scope.more()) {
                if (scope.tag() == 2) {
                    into.add(span(service, scope.message()));
                } else {
                    scope.skip();
                }
            }
        }
    }

    private static Span span(String service, Reader reader) {
        String traceId = "";
        String spanId = "";
        String parent = "";
        String name = "";
        int kind = 0;
        long start = 0;
        long end = 0;
        Map<String, String> attributes = new LinkedHashMap<>();
        while (reader.more()) {
            switch (reader.tag()) {
                case 1 -> traceId = HexFormat.of().formatHex(reader.bytes());
                case 2 -> spanId = HexFormat.of().formatHex(reader.bytes());
                case 4 -> parent = HexFormat.of().formatHex(reader.bytes());
                case 5 -> name = new String(reader.bytes(), StandardCharsets.UTF_8);
                case 6 -> kind = (int) reader.varint();
                case 7 -> start = reader.fixed64();
                case 8 -> end = reader.fixed64();
                case 9 -> {
                    String[] attribute = keyValue(reader.message());
                    attributes.put(attribute[0], attribute[1]);
                }
                default -> reader.skip();
            }
        }
        return new Span(service, traceId, spanId, parent, name, kind, start, end, attributes);
    }

    /** A KeyValue as {key, value}: a string value as it is, an integer in decimal, anything else empty. */
    private static String[] keyValue(Reader reader) {
        String key = "";
        String value = "";
        while (reader.more()) {
            int field = reader.tag();
            if (field == 1) {
                key = new String(reader.bytes(), StandardCharsets.UTF_8);
            } else if (field == 2) {
                Reader any = reader.message();
                while (any.more()) {
                    int kind = any.tag();
                    if (kind == 1) {
                        value = new String(any.bytes(), StandardCharsets.UTF_8);
                    } else if (kind == 3) {
                        value = Long.toString(any.varint());
                    } else {
                        any.skip();
                    }
                }
            } else {
                reader.skip();
            }
        }
        return new String[] {key, value};
    }

    /** The protobuf wire format: a tag (field number and wire type), then a varint, fixed 64/32 bits, or length and bytes. */
    private static final class Reader {
        private final byte[] data;
        private int position;
        private final int end;
        private int wireType;

        Reader(byte[] data) {
            this(data, 0, data.length);
        }

        private Reader(byte[] data, int from, int end) {
            this.data = data;
            this.position = from;
            this.end = end;
        }

        boolean more() {
            return position < end;
        }

        /** The next field's number (its wire type is kept for reading or skipping its value). */
        int tag() {
            long tag = varint();
            wireType = (int) (tag & 7);
            return (int) (tag >>> 3);
        }

        long varint() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = data[position++];
                value |= (long) (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw new IllegalArgumentException("malformed varint");
        }

        long fixed64() {
            long value = 0;
            for (int i = 0; i < 8; i++) {
                value |= (long) (data[position++] & 0xff) << (8 * i);
            }
            return value;
        }

        byte[] bytes() {
            int length = (int) varint();
            byte[] value = java.util.Arrays.copyOfRange(data, position, position + length);
            position += length;
            return value;
        }

        Reader message() {
            int length = (int) varint();
            Reader nested = new Reader(data, position, position + length);
            position += length;
            return nested;
        }

        void skip() {
            switch (wireType) {
                case 0 -> varint();
                case 1 -> position += 8;
                case 2 -> {
                    int length = (int) varint(); // read first: "position += varint()" would add to the position before the length
                    position += length;
                }
                case 5 -> position += 4;
                default -> throw new IllegalArgumentException("unsupported wire type " + wireType);
            }
        }
    }
}
