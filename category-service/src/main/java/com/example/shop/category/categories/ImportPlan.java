package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.problems.Problem;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.bson.types.ObjectId;

/**
 * The whole-tree computation of a category import, pure (no database): which lines are rejected,
 * what becomes of the others, and every document to write with its final parent and ancestors,
 * computed once per category whatever moved or was renamed above it. Inserts and updates come
 * parents before children, so every prefix of the writes leaves parent pointers that form a forest:
 * an import cut off between two writes leaves only stale ancestors (docs/design.md#category-tree).
 */
final class ImportPlan {

    /** One line of the file, with its number. */
    record Entry(long number, CategoryLine line) {
    }

    enum Outcome {
        CREATED, UPDATED, UNCHANGED
    }

    private final Map<String, Node> storedBySlug = new LinkedHashMap<>();
    private final Map<ObjectId, Node> storedById = new HashMap<>();
    private final ImportPlacement lines = new ImportPlacement(storedBySlug, storedById);
    private final Map<String, ObjectId> newIds = new HashMap<>();

    private final Map<Long, Outcome> outcomes = new LinkedHashMap<>();
    private final List<Node> inserts = new ArrayList<>();
    private final List<Node> updates = new ArrayList<>();

    private ImportPlan(Collection<Node> stored) {
        for (Node n : stored) {
            storedBySlug.put(n.slug(), n);
            storedById.put(n.id(), n);
        }
    }

    static ImportPlan of(List<Entry> entries, Collection<Node> stored) {
        ImportPlan plan = new ImportPlan(stored);
        plan.checkIds(entries);
        plan.lines.place();
        plan.build();
        return plan;
    }

    /** The outcome of each line that is written or unchanged, by line number. */
    Map<Long, Outcome> outcomes() {
        return Collections.unmodifiableMap(outcomes);
    }

    /** The problem of each rejected line, by line number. */
    Map<Long, Problem> rejections() {
        return lines.rejections();
    }

    /** New categories, parents before children. */
    List<Node> inserts() {
        return Collections.unmodifiableList(inserts);
    }

    /** Stored categories whose name, parent or ancestors change, as they become; parents before children. */
    List<Node> updates() {
        return Collections.unmodifiableList(updates);
    }

    /**
     * A line naming a stored slug with another id, or a new slug with the id of a stored category
     * or of an earlier line, is rejected (field {@code id}).
     */
    private void checkIds(List<Entry> entries) {
        Map<ObjectId, Entry> claimed = new HashMap<>();
        for (Entry e : entries) {
            String slug = e.line().slug();
            if (lines.accepted(slug) != null) { // the engine rejects a repeated key first; never two lines for one slug
                lines.reject(e, CategoryProblems.duplicateSlug(slug));
                continue;
            }
            Node stored = storedBySlug.get(slug);
            if (e.line().id() != null) {
                ObjectId id = new ObjectId(e.line().id());
                if (stored != null && !stored.id().equals(id)) {
                    lines.reject(e, CategoryProblems.idConflict(slug, "category '" + slug + "' exists with id "
                            + stored.id().toHexString() + ", not " + e.line().id()));
                    continue;
                }
                if (stored == null) {
                    Node owner = storedById.get(id);
                    if (owner != null) {
                        lines.reject(e, CategoryProblems.idConflict(slug, "id " + e.line().id() + " is category '" + owner.slug() + "'"));
                        continue;
                    }
                    Entry earlier = claimed.putIfAbsent(id, e);
                    if (earlier != null) {
                        lines.reject(e, CategoryProblems.idConflict(slug, "id " + e.line().id() + " is given to '"
                                + earlier.line().slug() + "' on line " + earlier.number()));
                        continue;
                    }
                    newIds.put(slug, id);
                }
            }
            lines.accept(e);
        }
    }

    /**
     * The final tree, breadth first from the roots: each category's ancestors are its parent's plus
     * the parent. A stored category is written when its name, parent or ancestors change (one not
     * in the file too, below a moved or renamed one).
     */
    private void build() {
        Set<String> all = new LinkedHashSet<>(storedBySlug.keySet());
        lines.accepted().forEach(e -> all.add(e.line().slug()));
        Map<String, List<String>> children = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>();
        for (String s : all) {
            String p = lines.parentOf(s);
            if (p == null) {
                queue.add(s);
            } else if (!p.equals(ImportPlacement.BROKEN)) {
                children.computeIfAbsent(p, k -> new ArrayList<>()).add(s);
            }
        }
        Map<String, Node> result = new HashMap<>();
        Set<String> done = new HashSet<>();
        while (!queue.isEmpty()) {
            String slug = queue.poll();
            if (!done.add(slug)) {
                continue;
            }
            String parentSlug = lines.parentOf(slug);
            Node parent = parentSlug == null ? null : result.get(parentSlug);
            List<Crumb> ancestors = new ArrayList<>();
            if (parent != null) {
                ancestors.addAll(parent.ancestors());
                ancestors.add(Crumb.of(parent));
            }
            Node stored = storedBySlug.get(slug);
            Entry line = lines.accepted(slug);
            ObjectId id = stored != null ? stored.id() : newIds.computeIfAbsent(slug, s -> new ObjectId());
            String name = line != null ? line.line().name() : stored.name();
            Node node = new Node(id, slug, name, parent == null ? null : parent.id(), ancestors);
            result.put(slug, node);
            if (stored == null) {
                inserts.add(node);
                outcomes.put(line.number(), Outcome.CREATED);
            } else {
                if (!node.equals(stored)) {
                    updates.add(node);
                }
                if (line != null) {
                    boolean same = name.equals(stored.name()) && Objects.equals(node.parent(), stored.parent());
                    outcomes.put(line.number(), same ? Outcome.UNCHANGED : Outcome.UPDATED);
                }
            }
            queue.addAll(children.getOrDefault(slug, List.of()));
        }
        for (Entry e : lines.accepted()) {
            if (!done.contains(e.line().slug())) { // placement makes every line reachable; never leave one unanswered
                lines.reject(e, CategoryProblems.parentNotPlaced(e.line().parent(), 0));
            }
        }
    }
}
