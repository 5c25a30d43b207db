package com.example.shop.catalog.search.index;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;

/**
 * What an index commit says about where it came from (Lucene's commit user data, written with each
 * commit and read back at start): the layout of its fields ({@link #FORMAT}, raised whenever
 * {@link ProductDocuments} changes), the database epoch and catalog revision it reflects (the feed's
 * {@code CatalogRevision}), and the settings its stored JSON was written under ({@code rendering}: the platform's default per-cart limit shows in every
 * product that inherits it). The revision is the change feed position up to which every write is
 * in the index: at start-up an index of this database, layout and rendering catches up from there,
 * if the feed still reaches back that far; any other is rebuilt.
 */
public record IndexMarker(int format, String epoch, long revision, String rendering) {

    // 2: the version as doc values (verify); 3: the availability field; 4: sorted by sku, issue date as
    // points, the listing JSON as doc values; 5: the text fields without positions, the prefix words
    // without frequencies and norms; 6: the variants (options, availability and prices per variant)
    public static final int FORMAT = 6;

    Map<String, String> userData() {
        Map<String, String> data = new HashMap<>();
        data.put("format", Integer.toString(format));
        data.put("epoch", epoch);
        data.put("revision", Long.toString(revision));
        data.put("rendering", rendering);
        return data;
    }

    /** The marker of a commit, or null for an index without one (never built to the end). */
    static IndexMarker of(Map<String, String> userData) {
        try {
            String epoch = userData.get("epoch");
            String rendering = userData.get("rendering");
            if (epoch == null || rendering == null) {
                return null;
            }
            return new IndexMarker(Integer.parseInt(userData.get("format")), epoch,
                    Long.parseLong(userData.get("revision")), rendering);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The marker of the last commit in {@code directory}, or null when there is none or it has none. */
    static IndexMarker committedIn(Directory directory) throws IOException {
        try {
            return of(SegmentInfos.readLatestCommit(directory).getUserData());
        } catch (IndexNotFoundException e) {
            return null;
        }
    }

    /** Writes the writer's changes so far to disk as one commit carrying this marker. */
    void commit(IndexWriter writer) throws IOException {
        writer.setLiveCommitData(userData().entrySet());
        writer.commit();
    }

    /**
     * Whether an index with this marker can be brought up to the catalog's {@code currentRevision} of
     * the database {@code currentEpoch} from the change feed: built from this database, with today's
     * field layout and rendering, not ahead of the catalog, and not behind what the feed still holds
     * ({@code trimmedThrough}: the highest revision trimmed).
     */
    public boolean canCatchUp(String currentEpoch, long currentRevision, String currentRendering, long trimmedThrough) {
        return format == FORMAT && epoch.equals(currentEpoch) && rendering.equals(currentRendering)
                && revision <= currentRevision && revision >= trimmedThrough;
    }
}
