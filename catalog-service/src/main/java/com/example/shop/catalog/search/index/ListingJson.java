package com.example.shop.catalog.search.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.codecs.compressing.CompressionMode;
import org.apache.lucene.codecs.compressing.Compressor;
import org.apache.lucene.codecs.compressing.Decompressor;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.BytesRef;

/**
 * A product's listing JSON as the index keeps it: binary doc values, each product's JSON compressed
 * on its own (LZ4), so that a page reads and decompresses its own products' JSON and nothing else.
 *
 * <p>Not Lucene's stored fields: they compress blocks of many products together under a shared
 * dictionary, and a page's 20 products, scattered over the index, each cost the decompression of a
 * whole block: most of a listing's CPU.
 */
public final class ListingJson {

    /** One compressor per indexing thread (not thread-safe; its 16 KB hash table is reused product after product). */
    private static final ThreadLocal<Compressor> COMPRESSOR = ThreadLocal.withInitial(CompressionMode.FAST::newCompressor);
    /** Stateless but for its settings: one for every read. */
    private static final Decompressor DECOMPRESSOR = CompressionMode.FAST.newDecompressor();

    private static final byte[] NONE = new byte[0];
    private static final String PRICE_FROM = "\"price_from\":";

    private ListingJson() {
    }

    /** The value indexed for {@code json}: its length in UTF-8 bytes (vInt), then those bytes compressed. */
    static BytesRef encode(String json) {
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        ByteBuffersDataOutput out = new ByteBuffersDataOutput(Math.max(64, utf8.length / 2));
        try {
            out.writeVInt(utf8.length);
            COMPRESSOR.get().compress(new ByteBuffersDataInput(List.of(ByteBuffer.wrap(utf8))), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: does not fail
        }
        return new BytesRef(out.toArrayCopy());
    }

    /**
     * {@code head}, the JSON of the first {@code count} {@code hits} in their order separated by
     * commas, then {@code tail}: one array of UTF-8 bytes of exactly that size, each product's JSON
     * decompressed into it as the index keeps it, never decoded to a string (built as strings, a page
     * went through five copies of itself, and the garbage cost a good part of the reads). Two passes in document order, as doc values are read: the lengths, then the bytes.
     */
    public static byte[] join(IndexSearcher searcher, ScoreDoc[] hits, int count, byte[] head, byte[] tail) throws IOException {
        return join(searcher, hits, count, null, head, tail);
    }

    /**
     * As {@link #join(IndexSearcher, ScoreDoc[], int, byte[], byte[])}, each product's JSON beginning
     * with {@code "price_from":} its entry of {@code priceFrom} (the lowest retail of its variants that
     * match the listing), spliced in after its opening brace: the price depends on the listing's
     * filters, the rest of the JSON does not. {@code priceFrom} null: the JSON as kept.
     */
    public static byte[] join(IndexSearcher searcher, ScoreDoc[] hits, int count, long[] priceFrom, byte[] head, byte[] tail)
            throws IOException {
        byte[][] prefix = new byte[count][];
        for (int i = 0; i < count; i++) {
            prefix[i] = priceFrom == null ? NONE : (PRICE_FROM + priceFrom[i] + ",").getBytes(StandardCharsets.US_ASCII);
        }
        long[] byDoc = new long[count]; // the document in the high half, the place in the page in the low half
        for (int i = 0; i < count; i++) {
            byDoc[i] = (long) hits[i].doc << 32 | i;
        }
        Arrays.sort(byDoc);
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        int[] length = new int[count];
        forEachValue(leaves, byDoc, (i, value) -> length[i] = prefix[i].length
                + new ByteArrayDataInput(value.bytes, value.offset, value.length).readVInt());
        int[] from = new int[count];
        int size = head.length;
        for (int i = 0; i < count; i++) {
            size += i > 0 ? 1 : 0;
            from[i] = size;
            size += length[i];
        }
        byte[] page = new byte[size + tail.length];
        System.arraycopy(head, 0, page, 0, head.length);
        for (int i = 1; i < count; i++) {
            page[from[i] - 1] = ',';
        }
        System.arraycopy(tail, 0, page, size, tail.length);
        Decompressor decompressor = DECOMPRESSOR.clone();
        BytesRef product = new BytesRef();
        forEachValue(leaves, byDoc, (i, value) -> {
            decompress(decompressor, value, product);
            if (prefix[i].length == 0) {
                System.arraycopy(product.bytes, product.offset, page, from[i], product.length);
            } else { // '{', the price, the rest
                page[from[i]] = product.bytes[product.offset];
                System.arraycopy(prefix[i], 0, page, from[i] + 1, prefix[i].length);
                System.arraycopy(product.bytes, product.offset + 1, page, from[i] + 1 + prefix[i].length, product.length - 1);
            }
        });
        return page;
    }

    /** What is done with the indexed value of the {@code i}th product of a page. */
    private interface ValueAction {
        void accept(int i, BytesRef value) throws IOException;
    }

    private static void forEachValue(List<LeafReaderContext> leaves, long[] byDoc, ValueAction action) throws IOException {
        int leaf = -1;
        BinaryDocValues values = null;
        for (long entry : byDoc) {
            int doc = (int) (entry >>> 32);
            int at = ReaderUtil.subIndex(doc, leaves);
            if (at != leaf) {
                leaf = at;
                values = DocValues.getBinary(leaves.get(at).reader(), ProductDocuments.JSON);
            }
            if (!values.advanceExact(doc - leaves.get(at).docBase)) {
                throw new IllegalStateException("a product in the index without its listing JSON (document " + doc + ")");
            }
            action.accept((int) entry, values.binaryValue());
        }
    }

    /** Decompresses {@code value} into {@code utf8}, whose array is reused when it is large enough. */
    private static void decompress(Decompressor decompressor, BytesRef value, BytesRef utf8) {
        ByteArrayDataInput in = new ByteArrayDataInput(value.bytes, value.offset, value.length);
        int length = in.readVInt();
        try {
            decompressor.decompress(in, length, 0, length, utf8);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: does not fail
        }
    }
}
