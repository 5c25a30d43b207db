package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
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

    /** A stored category whose parent id names no category: its chain is broken (verify reports it). */
    private static final String BROKEN = "\u0000broken";

    private final Map<String, Node> storedBySlug = new LinkedHashMap<>();
    private final Map<ObjectId, Node> storedById = new HashMap<>();
    private final Map<String, Entry> accepted = new LinkedHashMap<>();
    private final Map<String, ObjectId> newIds = new HashMap<>();
    private final Map<String, Long> rejectedLineOf = new HashMap<>();

    private final Map<Long, Outcome> outcomes = new LinkedHashMap<>();
    private final Map<Long, Problem> rejections = new LinkedHashMap<>();
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
        plan.place();
        plan.build();
        return plan;
    }

    /** The outcome of each line that is written or unchanged, by line number. */
    Map<Long, Outcome> outcomes() {
        return Collections.unmodifiableMap(outcomes);
    }

    /** The problem of each rejected line, by line number. */
    Map<Long, Problem> rejections() {
        return Collections.unmodifiableMap(rejections);
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
            if (accepted.containsKey(slug)) { // the engine rejects a repeated key first; never two lines for one slug
                reject(e, CategoryProblems.duplicateSlug(slug));
                continue;
            }
            Node stored = storedBySlug.get(slug);
            if (e.line().id() != null) {
                ObjectId id = new ObjectId(e.line().id());
                if (stored != null && !stored.id().equals(id)) {
                    reject(e, CategoryProblems.idConflict(slug, "category '" + slug + "' exists with id "
                            + stored.id().toHexString() + ", not " + e.line().id()));
                    continue;
                }
                if (stored == null) {
                    Node owner = storedById.get(id);
                    if (owner != null) {
                        reject(e, CategoryProblems.idConflict(slug, "id " + e.line().id() + " is category '" + owner.slug() + "'"));
                        continue;
                    }
                    Entry earlier = claimed.putIfAbsent(id, e);
                    if (earlier != null) {
                        reject(e, CategoryProblems.idConflict(slug, "id " + e.line().id() + " is given to '"
                                + earlier.line().slug() + "' on line " + earlier.number()));
                        continue;
                    }
                    newIds.put(slug, id);
                }
            }
            accepted.put(slug, e);
        }
    }

    /**
     * Rounds until one rejects nothing. Each line walks up its chain (a line's parent, else the
     * stored one): an unknown parent or a loop rejects it, and the new slugs below a rejected one
     * go with it. A rejected line naming a stored category leaves that category as it is, so the
     * lines below it are placed under it in the next round. Each round rejects a line or ends.
     */
    private void place() {
        while (true) {
            Map<String, Boolean> placed = new HashMap<>();
            Map<String, ProblemException> culprits = new LinkedHashMap<>();
            for (String start : accepted.keySet()) {
                walk(start, placed, culprits);
            }
            if (culprits.isEmpty()) {
                // nothing to blame in the file: what is not placed hangs below a broken stored chain
                for (Map.Entry<String, Entry> e : accepted.entrySet()) {
                    if (!placed.get(e.getKey())) {
                        culprits.put(e.getKey(), CategoryProblems.parentNotPlaced(e.getValue().line().parent(), 0));
                    }
                }
            }
            if (culprits.isEmpty()) {
                return;
            }
            culprits.forEach((slug, problem) -> {
                Entry e = accepted.remove(slug);
                newIds.remove(slug);
                reject(e, problem);
            });
        }
    }

    /** Walks up from {@code start} to a root, a slug already walked, a loop or an unknown parent. */
    private void walk(String start, Map<String, Boolean> placed, Map<String, ProblemException> culprits) {
        List<String> path = new ArrayList<>(); // child first: path[k + 1] is the parent of path[k]
        Map<String, Integer> onPath = new HashMap<>();
        String at = start;
        boolean ok;
        while (true) {
            Boolean known = placed.get(at);
            if (known != null) {
                ok = known;
                break;
            }
            Integer seen = onPath.get(at);
            if (seen != null) {
                List<String> loop = path.subList(seen, path.size());
                for (int i = 0; i < loop.size(); i++) {
                    if (accepted.containsKey(loop.get(i))) {
                        List<String> around = new ArrayList<>(loop.size() + 1);
                        for (int j = 0; j <= loop.size(); j++) {
                            around.add(loop.get((i + j) % loop.size()));
                        }
                        culprits.putIfAbsent(loop.get(i), CategoryProblems.importCycle(loop.get(i), around));
                    }
                }
                cascade(path, seen, culprits);
                ok = false;
                break;
            }
            onPath.put(at, path.size());
            path.add(at);
            String parent = parentOf(at);
            if (parent == null) {
                ok = true;
                break;
            }
            if (parent.equals(BROKEN)) {
                ok = false;
                break;
            }
            if (!known(parent)) {
                // only a line can name an unknown parent: a stored category's parent is stored
                Long line = rejectedLineOf.get(parent);
                culprits.putIfAbsent(at, line != null ? CategoryProblems.parentNotPlaced(parent, line)
                        : CategoryProblems.unknownParent(parent));
                cascade(path, path.size() - 1, culprits);
                ok = false;
                break;
            }
            at = parent;
        }
        for (String s : path) {
            placed.putIfAbsent(s, ok);
        }
    }

    /** The lines below a rejected new slug on the path go with it: their parent will not exist. */
    private void cascade(List<String> path, int from, Map<String, ProblemException> culprits) {
        for (int k = from - 1; k >= 0; k--) {
            String parent = path.get(k + 1);
            String child = path.get(k);
            if (!culprits.containsKey(parent) || storedBySlug.containsKey(parent) || !accepted.containsKey(child)) {
                return;
            }
            culprits.putIfAbsent(child, CategoryProblems.parentNotPlaced(parent, accepted.get(parent).number()));
        }
    }

    private boolean known(String slug) {
        return accepted.containsKey(slug) || storedBySlug.containsKey(slug);
    }

    /** The parent's slug as the import leaves it: the line's if the slug has an accepted line, else the stored one. */
    private String parentOf(String slug) {
        Entry e = accepted.get(slug);
        if (e != null) {
            return e.line().parent();
        }
        Node n = storedBySlug.get(slug);
        if (n.parent() == null) {
            return null;
        }
        Node p = storedById.get(n.parent());
        return p == null ? BROKEN : p.slug();
    }

    /**
     * The final tree, breadth first from the roots: each category's ancestors are its parent's plus
     * the parent. A stored category is written when its name, parent or ancestors change (one not
     * in the file too, below a moved or renamed one).
     */
    private void build() {
        Set<String> all = new LinkedHashSet<>(storedBySlug.keySet());
        all.addAll(accepted.keySet());
        Map<String, List<String>> children = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>();
        for (String s : all) {
            String p = parentOf(s);
            if (p == null) {
                queue.add(s);
            } else if (!p.equals(BROKEN)) {
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
            String parentSlug = parentOf(slug);
            Node parent = parentSlug == null ? null : result.get(parentSlug);
            List<Crumb> ancestors = new ArrayList<>();
            if (parent != null) {
                ancestors.addAll(parent.ancestors());
                ancestors.add(Crumb.of(parent));
            }
            Node stored = storedBySlug.get(slug);
            Entry line = accepted.get(slug);
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
        for (Entry e : accepted.values()) {
            if (!done.contains(e.line().slug())) { // placement makes every line reachable; never leave one unanswered
                reject(e, CategoryProblems.parentNotPlaced(e.line().parent(), 0));
            }
        }
    }

    private void reject(Entry e, ProblemException problem) {
        rejections.put(e.number(), problem.problem());
        rejectedLineOf.put(e.line().slug(), e.number());
    }
}
