package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.AttributeType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code keywords} array of a product (seed 003 §4.3.2: keyword search on a multikey index).
 * It holds, lower-cased: the keywords the client sent (each kept whole, so "cape cod" is one
 * keyword), and every word of the title and of the text values of {@code details} (artist, genre,
 * actors, track names…), minus one-character words and a few stop words. A search matches one keyword exactly.
 *
 * <p>The answer about one product also names the keywords typed by hand ({@link #typedBy}), so that
 * an editor sends back only those and never needs this rule of its own.
 */
public final class Keywords {

    static final int MAX = 300;
    static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "the", "of", "in", "on", "to", "for", "by", "at", "or");

    private Keywords() {
    }

    /** The normalized form of one keyword, as stored and as searched. */
    public static String normalize(String keyword) {
        return keyword.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    static List<String> derive(String title, Map<String, ?> details, Collection<String> given) {
        Set<String> keywords = new LinkedHashSet<>();
        if (given != null) {
            for (String keyword : given) {
                keywords.add(normalize(keyword));
            }
        }
        keywords.addAll(words(title, details));
        return keywords.stream().limit(MAX).toList();
    }

    /**
     * The stored keywords a person typed: those that are not words of the title or of the details'
     * text values. A typed keyword that is also such a word is not told apart, and need not be:
     * the catalog adds it anyway as long as the word is there.
     */
    static List<String> typedBy(List<?> stored, String title, Map<String, ?> details) {
        Set<String> derived = words(title, details);
        List<String> typed = new ArrayList<>();
        for (Object keyword : stored) {
            if (keyword instanceof String text && !derived.contains(text)) {
                typed.add(text);
            }
        }
        return typed;
    }

    /** The words the catalog derives itself, in the order they come. */
    private static Set<String> words(String title, Map<String, ?> details) {
        Set<String> words = new LinkedHashSet<>();
        if (title != null) {
            addWords(words, title);
        }
        for (Object value : details == null ? List.of() : details.values()) {
            for (String text : AttributeType.texts(value)) {
                addWords(words, text);
            }
        }
        return words;
    }

    /**
     * Adds the words of {@code text}, lower-cased: its longest runs of letters and digits (Unicode
     * categories L and N, the text lower-cased first), of 2 to 50 characters and no stop word. Scanned
     * by hand, not split by a regular expression: {@link #typedBy} runs on every read of one product,
     * where the split and its stream showed in the catalog's CPU profile.
     */
    static void addWords(Set<String> words, String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        int start = -1;
        for (int i = 0; i < lower.length(); ) {
            int c = lower.codePointAt(i);
            if (isLetterOrNumber(c)) {
                start = start < 0 ? i : start;
            } else if (start >= 0) {
                addWord(words, lower, start, i);
                start = -1;
            }
            i += Character.charCount(c);
        }
        if (start >= 0) {
            addWord(words, lower, start, lower.length());
        }
    }

    private static void addWord(Set<String> words, String text, int from, int to) {
        int length = to - from;
        if (length >= 2 && length <= 50) {
            String word = text.substring(from, to);
            if (!STOP_WORDS.contains(word)) {
                words.add(word);
            }
        }
    }

    /** Unicode's L and N, as {@code \p{L}} and {@code \p{N}} of a regular expression read them. */
    private static boolean isLetterOrNumber(int c) {
        return switch (Character.getType(c)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                 Character.MODIFIER_LETTER, Character.OTHER_LETTER,
                 Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER -> true;
            default -> false;
        };
    }
}
