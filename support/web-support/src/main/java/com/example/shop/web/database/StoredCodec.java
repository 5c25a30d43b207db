package com.example.shop.web.database;

import com.mongodb.MongoClientSettings;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.Document;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.DocumentCodec;
import org.bson.codecs.EncoderContext;

/**
 * The codec of one stored record: the driver reads and writes the record itself, so a store's
 * collection is a {@code MongoCollection<StoredX>} and no use case sees a raw document. A subclass
 * says how the record maps to its document, in one place with its field names; the BSON itself is
 * read and written by the driver's own document codec (dates, nested documents, arrays).
 */
public abstract class StoredCodec<T> implements Codec<T> {

    private static final DocumentCodec DOCUMENTS = new DocumentCodec(MongoClientSettings.getDefaultCodecRegistry());

    private final Class<T> type;

    protected StoredCodec(Class<T> type) {
        this.type = type;
    }

    /** The record a stored document holds. */
    protected abstract T fromDocument(Document document);

    /** The document a record is stored as. */
    protected abstract Document toDocument(T value);

    @Override
    public final T decode(BsonReader reader, DecoderContext context) {
        return fromDocument(DOCUMENTS.decode(reader, context));
    }

    @Override
    public final void encode(BsonWriter writer, T value, EncoderContext context) {
        DOCUMENTS.encode(writer, toDocument(value), context);
    }

    @Override
    public final Class<T> getEncoderClass() {
        return type;
    }
}
