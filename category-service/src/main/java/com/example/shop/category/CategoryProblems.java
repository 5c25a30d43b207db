package com.example.shop.category;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;

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
        return new ProblemException(Problem.of(409, "duplicate-slug", "Duplicate slug",
                "A category with slug '" + slug + "' already exists").with("field", "slug").with("slug", slug));
    }

    public static ProblemException cycle(String slug, String parent) {
        return new ProblemException(Problem.of(409, "category-cycle", "Move would create a cycle",
                "Cannot move '" + slug + "' under '" + parent + "': it is '" + slug + "' itself or one of its descendants")
                .with("slug", slug).with("parent", parent));
    }

    /** A move's guard on the parent pointer it read matched nothing: the node changed under it. */
    public static ProblemException concurrentChange(String slug) {
        return new ProblemException(Problem.of(409, "concurrent-change", "Concurrent change",
                "Category '" + slug + "' changed during the move; retry"));
    }

    public static ProblemException hasChildren(String slug) {
        return new ProblemException(Problem.of(409, "category-has-children", "Category has children",
                "Category '" + slug + "' has subcategories; move or delete them first").with("slug", slug));
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
