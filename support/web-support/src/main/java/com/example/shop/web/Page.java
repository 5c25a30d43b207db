package com.example.shop.web;

import java.util.List;

/** One page of a list and the cursor of the next, null on the last page. */
public record Page<T>(List<T> items, String next) {
}
