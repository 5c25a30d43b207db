package com.example.shop.category;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import java.util.List;

/**
 * The problem kinds of the category service, all in this one class (the kinds every service has,
 * such as invalid-field or service-unavailable, come from support/problems' {@code Problems}).
 * Each returns the exception to throw.
 */
public final class CategoryProblems {

    private CategoryProblems() {
    }

    public static ProblemException unknownCategory(String slug) {
        return new ProblemException(Problem.of(404, "category-not-found", "Category not found",
                "No category with slug '" + slug + "'").with("slug", slug));
    }

    public static ProblemException unknownParent(String slug) {
        return new ProblemException(Problem.of(404, "parent-not-found", "Parent category not found",
                "Field 'parent': no category with slug '" + slug + "'").with("field", "parent").with("slug", slug));
    }

    public static ProblemException duplicateSlug(String slug) {
        return Problems.conflict("duplicate-slug", "Duplicate slug",
                "A category with slug '" + slug + "' already exists").with("field", "slug").with("slug", slug);
    }

    public static ProblemException cycle(String slug, String parent) {
        return Problems.conflict("category-cycle", "Move would create a cycle",
                "Cannot move '" + slug + "' under '" + parent + "': it is '" + slug + "' itself or one of its descendants")
                .with("slug", slug).with("parent", parent);
    }

    /**
     * An import line's parent chain loops back to it: {@code loop} is the slugs around the loop,
     * starting and ending with the line's own.
     */
    public static ProblemException importCycle(String slug, List<String> loop) {
        return Problems.conflict("category-cycle", "Move would create a cycle",
                "Field 'parent': the parents loop: " + String.join(" -> ", loop))
                .with("field", "parent").with("slug", slug).with("parent", loop.get(1));
    }

    /**
     * An import line whose parent is not placed by the import: the parent's own line was rejected
     * ({@code parentLine} &gt; 0), or its chain of parents is broken in the stored tree (0).
     */
    public static ProblemException parentNotPlaced(String parent, long parentLine) {
        String why = parentLine > 0 ? "its line " + parentLine + " was rejected"
                : "its chain of parents is broken (GET /admin/categories/verify)";
        return new ProblemException(Problem.of(404, "parent-not-found", "Parent category not found",
                "Field 'parent': category '" + parent + "' cannot be placed: " + why)
                .with("field", "parent").with("slug", parent));
    }

    /** An import line's id is not the id of the category it names, or belongs to another category. */
    public static ProblemException idConflict(String slug, String detail) {
        return Problems.conflict("category-id-conflict", "Category id conflict",
                "Field 'id': " + detail).with("field", "id").with("slug", slug);
    }

    /** A move's guard on the parent pointer it read matched nothing: the node changed under it. */
    public static ProblemException concurrentChange(String slug) {
        return Problems.conflict("concurrent-change", "Concurrent change",
                "Category '" + slug + "' changed during the move; retry");
    }

    public static ProblemException hasChildren(String slug) {
        return Problems.conflict("category-has-children", "Category has children",
                "Category '" + slug + "' has subcategories; move or delete them first").with("slug", slug);
    }

    public static ProblemException treeBusy() {
        return new ProblemException(Problem.of(503, "tree-busy", "Category tree busy",
                "Another change to the category tree is in progress; retry shortly"));
    }

    public static ProblemException treeTooLarge(int max) {
        return new ProblemException(Problem.of(422, "tree-too-large", "Tree too large",
                "The tree has more than " + max + " categories; page through GET /categories and /children instead"));
    }
}
