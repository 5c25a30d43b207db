package com.example.shop.web.bulk;

/** One line of an import that was read and validated: its number in the file (from 1) and its value. */
public record ImportLine<T>(long number, T value) {
}
