package com.example.shop.catalog.product;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The words the catalog derives from a product's text. The rule was a regular expression split
 * ({@code [^\p{L}\p{N}]+} over the lower-cased text); it is now a scan by hand, which must find the
 * very same words in the same order, or stored keywords would change meaning: a word the old rule
 * derived would show up as typed by hand in {@code keywords_extra}, and the other way round.
 */
class KeywordsTest {

    /** The split as it was written before the scan replaced it: the oracle (length and stop words are the catalog's own). */
    private static final Pattern SEPARATORS = Pattern.compile("[^\\p{L}\\p{N}]+");

    private static Set<String> byTheRegularExpression(String text) {
        Set<String> words = new LinkedHashSet<>();
        for (String word : SEPARATORS.split(text.toLowerCase(Locale.ROOT))) {
            if (word.length() >= 2 && word.length() <= 50 && !Keywords.STOP_WORDS.contains(word)) {
                words.add(word);
            }
        }
        return words;
    }

    private static List<String> scanned(String text) {
        Set<String> words = new LinkedHashSet<>();
        Keywords.addWords(words, text);
        return new ArrayList<>(words);
    }

    @Test
    void theScanFindsWhatTheRegularExpressionFoundInTheSampleStoresKindOfText() {
        for (String text : List.of("Kind of Blue", "So What", "Blue in Green", "Flamenco Sketches", "All Blues",
                "Miles Davis & John Coltrane — live at the Plugged Nickel (1965)", "Buenos Aires, 1982: ¡Vamos!",
                "R&B / Soul", "Ü-Bahn", "a", "", " leading and trailing ", "x".repeat(50), "y".repeat(51), "the of and",
                "O'Brien's 2nd-hand vinyl", "çà et là", "東京ラブストーリー 2024", "Ⅻ Roman twelve and ½ half and 𝟘𝟙 math digits",
                "İstanbul'da İSTANBUL", "e\u0301te\u0301 (a combining accent)", "emoji 🎷 sax 🎺trumpet", "tab\tnew\nline")) {
            assertEquals(new ArrayList<>(byTheRegularExpression(text)), scanned(text), "the words of '" + text + "'");
        }
    }

    @Test
    void theScanFindsWhatTheRegularExpressionFoundInRandomText() {
        // Letters and digits of several scripts and categories (Lu, Ll, Lt, Lm, Lo, Nd, Nl, No), marks,
        // punctuation, spaces, surrogate pairs, and lower-casing that changes the length ('İ').
        String[] pieces = {"a", "B", "z", "é", "Ü", "ǅ", "ʰ", "中", "ラ", "7", "٣", "Ⅻ", "½", "𝟘", "🎷", "\u0301", "İ", "ß",
                " ", "-", "'", ".", ",", "&", "\t", "of", "the", "and"};
        Random random = new Random(20261129);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(60);
            for (int j = 0; j < length; j++) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            String t = text.toString();
            assertEquals(new ArrayList<>(byTheRegularExpression(t)), scanned(t), "the words of '" + t + "'");
        }
    }

    @Test
    void keywordsTypedByHandAreThoseThatAreNoWordOfTheTitleOrTheDetails() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("artist", "Miles Davis");
        details.put("tracks", List.of("So What", "Freddie Freeloader"));
        List<String> stored = Keywords.derive("Kind of Blue", details, List.of(" Cape  Cod ", "modal", "Miles"));
        assertEquals(List.of("cape cod", "modal", "miles", "kind", "blue", "davis", "so", "what", "freddie", "freeloader"), stored,
                "the keywords typed (normalized) first, then the words of the title and of the details in their order");
        assertEquals(List.of("cape cod", "modal"), Keywords.typedBy(stored, "Kind of Blue", details),
                "'miles' is a word of the artist too: not told apart");
    }
}
