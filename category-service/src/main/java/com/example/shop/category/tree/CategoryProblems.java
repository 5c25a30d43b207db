package com.example.shop.category.tree;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;

/** The problems specific to the category tree, built in one place. */
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
