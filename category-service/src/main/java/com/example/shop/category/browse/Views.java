package com.example.shop.category.browse;

import com.example.shop.category.tree.Crumb;
import com.example.shop.category.tree.Node;
import java.util.List;

/** Response bodies of the read endpoints. */
public final class Views {

    private Views() {
    }

    /** An ancestor, for breadcrumbs. */
    public record Breadcrumb(String id, String slug, String name) {
        static Breadcrumb of(Crumb c) {
            return new Breadcrumb(c.id().toHexString(), c.slug(), c.name());
        }
    }

    /** A category with its breadcrumbs (root first); {@code parent} is the parent's slug, null for a root. */
    public record CategoryView(String id, String slug, String name, String parent, List<Breadcrumb> breadcrumbs) {
        public static CategoryView of(Node node) {
            List<Breadcrumb> crumbs = node.ancestors().stream().map(Breadcrumb::of).toList();
            return new CategoryView(node.id().toHexString(), node.slug(), node.name(),
                    crumbs.isEmpty() ? null : crumbs.get(crumbs.size() - 1).slug(), crumbs);
        }
    }

    /** One page of a list; {@code next} is the cursor of the next page, null on the last one. */
    public record CategoryPage(List<CategoryView> items, String next) {
    }

    /** A node of the nested tree. */
    public record TreeNode(String id, String slug, String name, List<TreeNode> children) {
    }

    /** The whole tree, roots first level. */
    public record CategoryTree(List<TreeNode> roots, int count) {
    }

    /** The contract with the catalog service: the category's own id first, then its descendants'. */
    public record SubtreeIds(String slug, List<String> ids) {
    }
}
