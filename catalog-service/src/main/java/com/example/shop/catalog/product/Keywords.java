package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.AttributeType;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

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
    private static final Pattern SEPARATORS = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "the", "of", "in", "on", "to", "for", "by", "at", "or");

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
        return stored.stream().filter(keyword -> keyword instanceof String && !derived.contains(keyword))
                .map(String.class::cast).toList();
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

    private static void addWords(Set<String> keywords, String text) {
        for (String word : SEPARATORS.split(text.toLowerCase(Locale.ROOT))) {
            if (word.length() >= 2 && word.length() <= 50 && !STOP_WORDS.contains(word)) {
                keywords.add(word);
            }
        }
    }
}
