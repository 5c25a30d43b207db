package com.example.shop.category.categories;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.types.ObjectId;

/**
 * Derives a node's ancestors from parent pointers alone (never from stored ancestors), over a map
 * of nodes loaded in memory. Pure: no database access.
 */
public final class Chains {

    private Chains() {
    }

    /** The outcome of walking up from a node. */
    public sealed interface Chain {
    }

    /** The ancestors, root first. */
    public record Complete(List<Crumb> ancestors) implements Chain {
    }

    /** The walk reached a node not in the map: load {@code id} and walk again. */
    public record Missing(ObjectId id) implements Chain {
    }

    /** The parent pointers loop (never created by this service; reported by verify). */
    public record Cycle() implements Chain {
    }

    public static Chain of(Node node, Map<ObjectId, Node> known) {
        List<Crumb> upward = new ArrayList<>();
        Set<ObjectId> seen = new HashSet<>();
        seen.add(node.id());
        ObjectId next = node.parent();
        while (next != null) {
            if (!seen.add(next)) {
                return new Cycle();
            }
            Node parent = known.get(next);
            if (parent == null) {
                return new Missing(next);
            }
            upward.add(Crumb.of(parent));
            next = parent.parent();
        }
        Collections.reverse(upward);
        return new Complete(upward);
    }
}
