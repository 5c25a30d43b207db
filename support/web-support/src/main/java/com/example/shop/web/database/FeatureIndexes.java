package com.example.shop.web.database;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The indexes one feature needs on its collections, declared by the feature's store beside its
 * stored records, so that the index keys are built from the records' field-name constants like the
 * feature's filters and updates. {@link SchemaSetup} gathers every bean of this type
 * ({@link #gather}), so that a service's root package, which knows no feature, never spells the
 * features' field names.
 */
public interface FeatureIndexes {

    /** The indexes of this feature's collections, in the order they are to be created. */
    List<RequiredIndex> indexes();

    /**
     * Every feature's indexes, ordered by collection (stably: a feature's own order is kept within
     * each of its collections), so that the list does not depend on the order the beans come in.
     */
    static List<RequiredIndex> gather(Iterable<? extends FeatureIndexes> features) {
        List<RequiredIndex> all = new ArrayList<>();
        features.forEach(feature -> all.addAll(feature.indexes()));
        all.sort(Comparator.comparing(RequiredIndex::collection));
        return List.copyOf(all);
    }
}
