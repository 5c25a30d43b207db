package com.example.shop.catalog.search.index;

import com.example.shop.catalog.search.ListedVariant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.BytesRef;

/**
 * A product's listed variants as one binary doc value ({@link ProductDocuments#VARIANTS}): what a
 * listing checks so that one variant satisfies every variant filter together (the product-level
 * fields only say that some variant has size M and some variant is black). Compact and read without
 * building strings: the product's option names and values once, then per variant a sold-out flag,
 * its retail and the index of its value of each option:
 * {@code vInt options, (name, vInt values, value...)..., vInt variants, (byte soldOut, vLong retail, vInt value...)...},
 * each string a vInt length and its UTF-8 bytes.
 */
public final class VariantCodes {

    private VariantCodes() {
    }

    /** {@code allSoldOut}: the product as a whole was reported sold out, so each variant is. */
    static BytesRef encode(List<ListedVariant> variants, boolean allSoldOut) {
        Map<String, List<String>> options = new LinkedHashMap<>();
        for (ListedVariant variant : variants) {
            variant.options().forEach((name, value) -> {
                List<String> values = options.computeIfAbsent(name, n -> new ArrayList<>());
                if (!values.contains(value)) {
                    values.add(value);
                }
            });
        }
        ByteBuffersDataOutput out = new ByteBuffersDataOutput(64);
        try {
            out.writeVInt(options.size());
            for (Map.Entry<String, List<String>> option : options.entrySet()) {
                writeString(out, option.getKey());
                out.writeVInt(option.getValue().size());
                for (String value : option.getValue()) {
                    writeString(out, value);
                }
            }
            out.writeVInt(variants.size());
            for (ListedVariant variant : variants) {
                out.writeByte((byte) (allSoldOut || variant.soldOut() ? 1 : 0));
                out.writeVLong(variant.retail());
                for (Map.Entry<String, List<String>> option : options.entrySet()) {
                    String value = variant.options().get(option.getKey());
                    out.writeVInt(value == null ? option.getValue().size() : option.getValue().indexOf(value));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: does not fail
        }
        return new BytesRef(out.toArrayCopy());
    }

    private static void writeString(ByteBuffersDataOutput out, String text) throws IOException {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        out.writeVInt(utf8.length);
        out.writeBytes(utf8, utf8.length);
    }

    /**
     * One product's variants decoded from its doc value, the arrays reused product after product
     * (one table per segment a listing reads; not thread-safe). A variant without a value of an
     * option has the index {@link #valueCount} there.
     */
    public static final class Table {

        private final ByteArrayDataInput in = new ByteArrayDataInput();
        private byte[] bytes;
        private int options;
        private int[] nameFrom = new int[4];
        private int[] nameLength = new int[4];
        private int[] values = new int[4];
        private int[][] valueFrom = new int[4][8];
        private int[][] valueLength = new int[4][8];
        private int variants;
        private boolean[] soldOut = new boolean[8];
        private long[] retail = new long[8];
        private int[][] valueOf = new int[8][4];

        public void read(BytesRef value) {
            bytes = value.bytes;
            in.reset(value.bytes, value.offset, value.length);
            options = in.readVInt();
            if (options > nameFrom.length) {
                nameFrom = new int[options];
                nameLength = new int[options];
                values = new int[options];
                valueFrom = Arrays.copyOf(valueFrom, options);
                valueLength = Arrays.copyOf(valueLength, options);
            }
            for (int o = 0; o < options; o++) {
                nameLength[o] = in.readVInt();
                nameFrom[o] = in.getPosition();
                in.skipBytes(nameLength[o]);
                int count = in.readVInt();
                values[o] = count;
                if (valueFrom[o] == null || valueFrom[o].length < count) {
                    valueFrom[o] = new int[Math.max(8, count)];
                    valueLength[o] = new int[Math.max(8, count)];
                }
                for (int v = 0; v < count; v++) {
                    valueLength[o][v] = in.readVInt();
                    valueFrom[o][v] = in.getPosition();
                    in.skipBytes(valueLength[o][v]);
                }
            }
            variants = in.readVInt();
            if (variants > soldOut.length) {
                soldOut = new boolean[variants];
                retail = new long[variants];
                valueOf = Arrays.copyOf(valueOf, variants);
            }
            for (int v = 0; v < variants; v++) {
                soldOut[v] = in.readByte() != 0;
                retail[v] = in.readVLong();
                if (valueOf[v] == null || valueOf[v].length < options) {
                    valueOf[v] = new int[Math.max(4, options)];
                }
                for (int o = 0; o < options; o++) {
                    valueOf[v][o] = in.readVInt();
                }
            }
        }

        public int optionCount() {
            return options;
        }

        /** The option's place in this product, -1 when the product has no such option. */
        public int option(BytesRef name) {
            for (int o = 0; o < options; o++) {
                if (same(nameFrom[o], nameLength[o], name)) {
                    return o;
                }
            }
            return -1;
        }

        public int valueCount(int option) {
            return values[option];
        }

        public boolean valueIs(int option, int value, BytesRef expected) {
            return same(valueFrom[option][value], valueLength[option][value], expected);
        }

        public String value(int option, int value) {
            return new String(bytes, valueFrom[option][value], valueLength[option][value], StandardCharsets.UTF_8);
        }

        public int variantCount() {
            return variants;
        }

        public boolean soldOut(int variant) {
            return soldOut[variant];
        }

        public long retail(int variant) {
            return retail[variant];
        }

        /** The index of the variant's value of the option (among {@link #valueCount}; that count when it has none). */
        public int valueOf(int variant, int option) {
            return valueOf[variant][option];
        }

        private boolean same(int from, int length, BytesRef other) {
            return Arrays.equals(bytes, from, from + length, other.bytes, other.offset, other.offset + other.length);
        }
    }
}
