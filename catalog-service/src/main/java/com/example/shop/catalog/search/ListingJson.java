package com.example.shop.catalog.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.codecs.compressing.CompressionMode;
import org.apache.lucene.codecs.compressing.Compressor;
import org.apache.lucene.codecs.compressing.Decompressor;
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
 * block. A Flight Recorder profile at 300,000 products had over half the CPU of a category page,
 * of the jazz list and of a {@code q} search in that block decompression.
 */
final class ListingJson {

    /** One compressor per indexing thread (not thread-safe; its 16 KB hash table is reused product after product). */
    private static final ThreadLocal<Compressor> COMPRESSOR = ThreadLocal.withInitial(CompressionMode.FAST::newCompressor);
    /** Stateless but for its settings: one for every read. */
    private static final Decompressor DECOMPRESSOR = CompressionMode.FAST.newDecompressor();

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

    /** The JSON of the first {@code count} {@code hits}, in their order (read in document order, as doc values are). */
    static String[] of(IndexSearcher searcher, ScoreDoc[] hits, int count) throws IOException {
        Integer[] byDoc = new Integer[count];
        for (int i = 0; i < count; i++) {
            byDoc[i] = i;
        }
        Arrays.sort(byDoc, Comparator.comparingInt(i -> hits[i].doc));
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        String[] json = new String[count];
        int leaf = -1;
        BinaryDocValues values = null;
        for (int i : byDoc) {
            int doc = hits[i].doc;
            int at = ReaderUtil.subIndex(doc, leaves);
            if (at != leaf) {
                leaf = at;
                values = DocValues.getBinary(leaves.get(at).reader(), ProductDocuments.JSON);
            }
            if (!values.advanceExact(doc - leaves.get(at).docBase)) {
                throw new IllegalStateException("a product in the index without its listing JSON (document " + doc + ")");
            }
            json[i] = decode(values.binaryValue());
        }
        return json;
    }

    static String decode(BytesRef value) {
        ByteArrayDataInput in = new ByteArrayDataInput(value.bytes, value.offset, value.length);
        int length = in.readVInt();
        BytesRef utf8 = new BytesRef();
        try {
            DECOMPRESSOR.clone().decompress(in, length, 0, length, utf8);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: does not fail
        }
        return new String(utf8.bytes, utf8.offset, utf8.length, StandardCharsets.UTF_8);
    }
}
