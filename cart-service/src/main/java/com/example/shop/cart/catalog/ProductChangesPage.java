package com.example.shop.cart.catalog;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * A page of the catalog's product changes: the catalog database's {@code epoch} (another one is
 * another database, whose revisions start again), its current {@code revision}, the highest
 * revision trimmed from its feed, the revision {@code reached} (to ask from next), the changes up to
 * it and whether {@code more} can be read at once.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ProductChangesPage(String epoch, long revision, long trimmedThrough, long reached, List<Change> changes, boolean more) {

    public ProductChangesPage {
        changes = changes == null ? List.of() : List.copyOf(changes);
    }

    /** The products (their keys) one catalog revision wrote. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Change(long revision, List<String> products) {
    }
}
