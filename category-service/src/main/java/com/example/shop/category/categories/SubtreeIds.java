package com.example.shop.category.categories;

import java.util.List;

/** The contract with the catalog service: the category's own id first, then its descendants'. */
public record SubtreeIds(String slug, List<String> ids) {
}
