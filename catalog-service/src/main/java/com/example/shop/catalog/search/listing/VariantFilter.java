package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.search.index.VariantCodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.lucene.util.BytesRef;

/**
 * The filters a listing puts on variants (options, {@code inStock}, {@code price}), checked together
 * on one product's variants ({@link VariantCodes.Table}): a product matches when ONE variant passes
 * them all, and what it shows and sorts by is the lowest retail of such a variant. A facet of a
 * variant kind checks the others only ({@link #without}), as the other facets ignore their own filter.
 * Immutable; compares by its filters, so that queries built from it are cached as any filter.
 */
final class VariantFilter {

    /** An option filter: any of the values. */
    private record Option(String name, BytesRef nameBytes, List<BytesRef> values) {
    }

    /** No variant filter: a listing of products without options, or one not filtering on them. */
    static final VariantFilter NONE = new VariantFilter(Map.of(), null, List.of());

    private final List<Option> options;
    private final Map<String, List<String>> byName;
    private final Boolean inStock;
    private final List<PriceRange> prices;

    VariantFilter(Map<String, List<String>> options, Boolean inStock, List<PriceRange> prices) {
        this.byName = new TreeMap<>(options);
        List<Option> compiled = new ArrayList<>();
        byName.forEach((name, values) -> compiled.add(new Option(name, new BytesRef(name),
                values.stream().map(BytesRef::new).toList())));
        this.options = List.copyOf(compiled);
        this.inStock = inStock;
        this.prices = List.copyOf(prices);
    }

    /** How many filters (each option, inStock, price) the variants must pass together. */
    int filters() {
        return options.size() + (inStock == null ? 0 : 1) + (prices.isEmpty() ? 0 : 1);
    }

    boolean isEmpty() {
        return filters() == 0;
    }

    /** The filter without the option {@code name}'s. */
    VariantFilter withoutOption(String name) {
        Map<String, List<String>> rest = new TreeMap<>(byName);
        rest.remove(name);
        return new VariantFilter(rest, inStock, prices);
    }

    VariantFilter withoutInStock() {
        return new VariantFilter(byName, null, prices);
    }

    VariantFilter withoutPrices() {
        return new VariantFilter(byName, inStock, List.of());
    }

    /**
     * The variants of the product in {@code table} that pass: {@code passing[v]}; false when none does.
     * {@code passing} holds at least {@link VariantCodes.Table#variantCount} entries.
     */
    boolean passing(VariantCodes.Table table, boolean[] passing) {
        int variants = table.variantCount();
        java.util.Arrays.fill(passing, 0, variants, true);
        for (Option option : options) {
            int o = table.option(option.nameBytes());
            if (o < 0) {
                return false;
            }
            for (int v = 0; v < variants; v++) {
                passing[v] &= isAny(table, o, table.valueOf(v, o), option.values());
            }
        }
        boolean any = false;
        for (int v = 0; v < variants; v++) {
            if (passing[v] && inStock != null && table.soldOut(v) == inStock) {
                passing[v] = false;
            }
            if (passing[v] && !prices.isEmpty() && !inAnyPrice(table.retail(v))) {
                passing[v] = false;
            }
            any |= passing[v];
        }
        return any;
    }

    private static boolean isAny(VariantCodes.Table table, int option, int value, List<BytesRef> wanted) {
        if (value >= table.valueCount(option)) {
            return false; // the variant has no value of the option
        }
        for (BytesRef one : wanted) {
            if (table.valueIs(option, value, one)) {
                return true;
            }
        }
        return false;
    }

    /** The lowest retail of a variant that passes, or {@link Long#MAX_VALUE} when none does. */
    long lowestRetail(VariantCodes.Table table, boolean[] passing) {
        long lowest = Long.MAX_VALUE;
        if (passing(table, passing)) {
            for (int v = 0; v < table.variantCount(); v++) {
                if (passing[v]) {
                    lowest = Math.min(lowest, table.retail(v));
                }
            }
        }
        return lowest;
    }

    private boolean inAnyPrice(long retail) {
        for (PriceRange range : prices) {
            if (retail >= range.min() && (range.max() == null || retail < range.max())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof VariantFilter that && byName.equals(that.byName) && Objects.equals(inStock, that.inStock)
                && prices.equals(that.prices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(byName, inStock, prices);
    }

    @Override
    public String toString() {
        return "variants(" + byName + (inStock == null ? "" : ", inStock=" + inStock) + (prices.isEmpty() ? "" : ", price=" + prices) + ")";
    }
}
