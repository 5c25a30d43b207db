package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.category.categories.ImportPlan.Entry;
import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.types.ObjectId;

/**
 * The lines of a category import, accepted or rejected, and where each accepted one hangs in the
 * stored tree: {@link #place} rejects, round after round, the lines that cannot be placed (an
 * unknown parent, a loop, a parent whose own line was rejected), so that every line left has a
 * chain of parents up to a root. Part of {@link ImportPlan}: pure, no database.
 */
final class ImportPlacement {

    /** A stored category whose parent id names no category: its chain is broken (verify reports it). */
    static final String BROKEN = "\u0000broken";

    private final Map<String, Node> storedBySlug;
    private final Map<ObjectId, Node> storedById;
    private final Map<String, Entry> accepted = new LinkedHashMap<>();
    private final Map<String, Long> rejectedLineOf = new HashMap<>();
    private final Map<Long, Problem> rejections = new LinkedHashMap<>();

    ImportPlacement(Map<String, Node> storedBySlug, Map<ObjectId, Node> storedById) {
        this.storedBySlug = storedBySlug;
        this.storedById = storedById;
    }

    void accept(Entry e) {
        accepted.put(e.line().slug(), e);
    }

    void reject(Entry e, ProblemException problem) {
        rejections.put(e.number(), problem.problem());
        rejectedLineOf.put(e.line().slug(), e.number());
    }

    /** The accepted line of {@code slug}, or null. */
    Entry accepted(String slug) {
        return accepted.get(slug);
    }

    /** The accepted lines, in file order. */
    Collection<Entry> accepted() {
        return Collections.unmodifiableCollection(accepted.values());
    }

    /** The problem of each rejected line, by line number. */
    Map<Long, Problem> rejections() {
        return Collections.unmodifiableMap(rejections);
    }

    /**
     * Rounds until one rejects nothing. Each line walks up its chain (a line's parent, else the
     * stored one): an unknown parent or a loop rejects it, and the new slugs below a rejected one
     * go with it. A rejected line naming a stored category leaves that category as it is, so the
     * lines below it are placed under it in the next round. Each round rejects a line or ends.
     */
    void place() {
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
            culprits.forEach((slug, problem) -> reject(accepted.remove(slug), problem));
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
    String parentOf(String slug) {
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
}
