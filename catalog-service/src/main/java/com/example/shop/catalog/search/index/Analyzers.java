package com.example.shop.catalog.search.index;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The two ways text is cut into terms, the same when a product is indexed and when {@code q} is
 * read (a query term that the index could never hold finds nothing):
 * <ul>
 * <li>{@link #STEMMED} (the {@code *_text} fields): English, lower-cased, folded to ASCII, stop words dropped, Porter
 * stems, so that "albums" finds "album"; ranked exact and one-edit fuzzy matches run here;</li>
 * <li>{@link #WORDS} (the {@code *_words} fields): the same words lower-cased and folded to ASCII but
 * not stemmed, for the prefix of the word being typed ("runni" is a prefix of "running", not of its
 * stem "run").</li>
 * </ul>
 */
public final class Analyzers {

    public static final Analyzer STEMMED = new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
            StandardTokenizer tokenizer = new StandardTokenizer();
            TokenStream stream = new EnglishPossessiveFilter(tokenizer);
            stream = new ASCIIFoldingFilter(new LowerCaseFilter(stream));
            stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
            return new TokenStreamComponents(tokenizer, new PorterStemFilter(stream));
        }
    };

    public static final Analyzer WORDS = new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
            StandardTokenizer tokenizer = new StandardTokenizer();
            TokenStream stream = new ASCIIFoldingFilter(new LowerCaseFilter(tokenizer));
            return new TokenStreamComponents(tokenizer, stream);
        }
    };

    /** What the index writer uses: each text field with its analyzer; the exact-value fields are not analyzed. */
    static Analyzer forIndexing() {
        return new PerFieldAnalyzerWrapper(new KeywordAnalyzer(), Map.of(
                ProductDocuments.TITLE_TEXT, STEMMED, ProductDocuments.BODY_TEXT, STEMMED,
                ProductDocuments.TITLE_WORDS, WORDS, ProductDocuments.BODY_WORDS, WORDS));
    }

    private Analyzers() {
    }

    /** The terms {@code analyzer} makes of {@code text}. */
    public static List<String> terms(Analyzer analyzer, String text) {
        List<String> terms = new ArrayList<>();
        try (TokenStream stream = analyzer.tokenStream("q", new StringReader(text))) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                terms.add(term.toString());
            }
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
        return terms;
    }
}
