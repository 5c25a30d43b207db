package com.example.shop.category.categories;

import java.util.List;

/** A category in the nested tree, with its children (by slug). */
public record TreeNode(String id, String slug, String name, List<TreeNode> children) {
}
