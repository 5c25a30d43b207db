package com.example.shop.web.migrations;

import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link MigrationMarker} as its document in {@code migrations}. */
final class MigrationMarkerCodec extends StoredCodec<MigrationMarker> {

    MigrationMarkerCodec() {
        super(MigrationMarker.class);
    }

    @Override
    protected MigrationMarker fromDocument(Document doc) {
        return new MigrationMarker(doc.getString(MigrationMarker.NAME), Boolean.TRUE.equals(doc.getBoolean(MigrationMarker.DONE)),
                doc.getDate(MigrationMarker.FINISHED), number(doc, MigrationMarker.CONVERTED), doc.get(MigrationMarker.AFTER));
    }

    @Override
    protected Document toDocument(MigrationMarker marker) {
        return new Document(MigrationMarker.NAME, marker.name()).append(MigrationMarker.DONE, marker.done())
                .append(MigrationMarker.FINISHED, marker.finished()).append(MigrationMarker.CONVERTED, marker.converted())
                .append(MigrationMarker.AFTER, marker.after());
    }
}
