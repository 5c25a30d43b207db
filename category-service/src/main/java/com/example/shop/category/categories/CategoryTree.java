package com.example.shop.category.categories;

import java.util.List;

/** The whole tree: the roots, each with its children nested, and how many categories it holds. */
public record CategoryTree(List<TreeNode> roots, int count) {
}
