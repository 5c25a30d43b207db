package com.example.shop.category.categories;

import java.util.List;

/** One page of a list of categories; {@code next} is the cursor of the next page, null on the last one. */
public record CategoryPage(List<CategoryView> items, String next) {
}
