package com.example.shop.web;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An enum whose constants are stored and shown as strings, {@link #wire()} (a cart's {@code status},
 * a job's name in its path, a facet in {@code facets}): the string each constant stands for, and the
 * way back from such a string to the constant, written once for every such enum. Only enums implement
 * it.
 */
public interface WireName {

    /**
     * The string this constant is stored and shown as: by default its name in lower case
     * ({@code STRING_LIST} is {@code string_list}); {@link Dashed} enums write dashes instead. Read on hot
     * paths (every stored cart read, every product attribute checked, every lookup by {@link #find}
     * compares each constant's), so it is built once per constant, not at every call.
     */
    default String wire() {
        return WireSpellings.LOWER_CASE.of((Enum<?>) this);
    }

    /** An enum shown in lower case with dashes, as in a path ({@code EXPIRE_CARTS} is {@code expire-carts}). */
    interface Dashed extends WireName {
        @Override
        default String wire() {
            return WireSpellings.DASHED.of((Enum<?>) this);
        }
    }

    /** The constant of {@code type} shown as {@code wire}, if any: what a client's value is read with. */
    static <E extends Enum<E> & WireName> Optional<E> find(Class<E> type, String wire) {
        for (E constant : type.getEnumConstants()) {
            if (constant.wire().equals(wire)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }

    /**
     * The constant a stored document names. Any other value was written by something else than this
     * code (a fault of the data, not of a client): an {@link IllegalStateException}.
     */
    static <E extends Enum<E> & WireName> E stored(Class<E> type, String stored) {
        return find(type, stored).orElseThrow(() -> new IllegalStateException(
                "a stored " + type.getSimpleName() + " '" + stored + "' is none of " + all(type)));
    }

    /** Every constant's string, in declaration order, comma-separated: the "one of ..." of a problem. */
    static <E extends Enum<E> & WireName> String all(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(WireName::wire).collect(Collectors.joining(", "));
    }
}
