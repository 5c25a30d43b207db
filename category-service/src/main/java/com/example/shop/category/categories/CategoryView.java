package com.example.shop.category.categories;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A category with its breadcrumbs (root first); {@code parent} is the parent's slug, null for a root. */
public record CategoryView(String id, String slug, String name,
                           @Schema(required = true, nullable = true, description = "The parent's slug; null for a root "
                                   + "category") String parent,
                           List<Breadcrumb> breadcrumbs) {

    public static CategoryView of(Node node) {
        List<Breadcrumb> crumbs = node.ancestors().stream().map(Breadcrumb::of).toList();
        return new CategoryView(node.id().toHexString(), node.slug(), node.name(),
                crumbs.isEmpty() ? null : crumbs.get(crumbs.size() - 1).slug(), crumbs);
    }
}
