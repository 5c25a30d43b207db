package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.Map;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;
import org.h2.mvstore.type.ObjectDataType;

/**
 * How the data file keeps a collection's documents: as BSON, the encoding they arrive in.
 *
 * <p>H2's default value type ({@link ObjectDataType}) writes any object it does not know with Java
 * serialization, a new stream with its class descriptors for every document, and an MVStore commit
 * writes every document of each page it changed: a cart page of up to 48 carts for one changed line.
 * A profile of the reservation mix found most of the database's time in those streams; BSON is
 * about half the size and much cheaper to write and read (the figures are in bench/README.md).
 *
 * <p>A value written here starts with {@link #BSON}, which {@link ObjectDataType} never writes first;
 * anything else is read the way {@link ObjectDataType} wrote it. So a data file written before, or by
 * mongo-java-server's own H2 backend, opens as it is, and its documents are rewritten as BSON when
 * their pages are next written. (A file written here cannot be opened by an older build.) A value
 * that is not a document, or one BSON cannot encode, is written the old way.
 */
final class BsonDocumentType extends BasicDataType<Object> {

    /** The first byte of a value written as BSON: above every type mark of {@link ObjectDataType} (0 to 19). */
    static final byte BSON = 64;

    private final ObjectDataType other = new ObjectDataType();
    /** The mean encoded size of the documents written, for H2's estimate of a page's memory (it splits pages by it). */
    private volatile int averageSize = 512;

    @Override
    public int getMemory(Object value) {
        return value instanceof Map<?, ?> ? 2 * averageSize + 64 : other.getMemory(value);
    }

    @Override
    public void write(WriteBuffer buffer, Object value) {
        int length = value instanceof Map<?, ?> document ? writeBson(buffer, document, averageSize) : -1;
        if (length < 0) {
            other.write(buffer, value);
        } else {
            averageSize = (averageSize * 15 + length) / 16;
        }
    }

    @Override
    public Object read(ByteBuffer buffer) {
        return isBson(buffer) ? readBson(buffer) : other.read(buffer);
    }

    /**
     * Writes the document as {@link #BSON} and its encoding; returns the encoding's length, or -1
     * (nothing written) when BSON cannot say one of its values. Dates keep milliseconds, as in MongoDB.
     */
    @SuppressWarnings("unchecked")
    static int writeBson(WriteBuffer buffer, Map<?, ?> document, int expectedSize) {
        ByteBuf encoded = Unpooled.buffer(expectedSize + 64);
        try {
            BsonEncoder.encodeDocument((Map<String, ?>) document, encoded);
        } catch (RuntimeException notBson) {
            return -1;
        }
        int length = encoded.readableBytes();
        buffer.put(BSON).put(encoded.array(), encoded.arrayOffset() + encoded.readerIndex(), length);
        return length;
    }

    /** Whether the value at the buffer's position was written by {@link #writeBson}. */
    static boolean isBson(ByteBuffer buffer) {
        return buffer.get(buffer.position()) == BSON;
    }

    static de.bwaldvogel.mongo.bson.Document readBson(ByteBuffer buffer) {
        int start = buffer.position() + 1;
        int length = Integer.reverseBytes(buffer.getInt(start)); // BSON's own length, little-endian, comes first
        de.bwaldvogel.mongo.bson.Document document = BsonDecoder.decodeBson(Unpooled.wrappedBuffer(buffer.slice(start, length)));
        buffer.position(start + length);
        return document;
    }

    @Override
    public int compare(Object a, Object b) {
        return other.compare(a, b);
    }

    @Override
    public Object[] createStorage(int size) {
        return new Object[size];
    }
}
