package com.example.shop.gateway.proxy;

/** The cause chain of a failure, as the proxy's steps read it to tell one failure from another. */
final class Causes {

    private Causes() {
    }

    /** The first of {@code failure}'s causes (itself included) that is a {@code type}, or null. */
    static <T extends Throwable> T find(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    static boolean any(Throwable failure, Class<? extends Throwable> type) {
        return find(failure, type) != null;
    }

    /** The last of {@code failure}'s causes. */
    static Throwable root(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
