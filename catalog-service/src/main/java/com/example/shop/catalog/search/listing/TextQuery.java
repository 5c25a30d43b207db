package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.search.index.Analyzers;
import com.example.shop.catalog.search.index.ProductDocuments;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * The {@code q} search as a Lucene query, built from the words of the text, never parsed: no
 * character of {@code q} is syntax, so {@code title:*}, {@code *:*} or an unbalanced quote are just
 * the words in them (or none). Every word must match (AND) in the title or in the body (description
 * and the string attributes of {@code details}); the title counts {@value #TITLE_BOOST} times as
 * much. A word matches:
 * <ul>
 * <li>its English stem ("albums" finds "album"), ranked by BM25;</li>
 * <li>with one edit (a typo) after its first letter, if it has at least {@value #FUZZY_MIN} letters
 * ("coltrain" finds "Coltrane"), ranked below an exact match;</li>
 * <li>as a prefix, if it is the last word and the text does not end with a space: the shopper is
 * still typing it ("supr" finds "Supreme").</li>
 * </ul>
 * Stop words ("the", "of") are not searched for, except as the prefix of the word being typed.
 */
final class TextQuery {

    static final float TITLE_BOOST = 3f;
    static final int FUZZY_MIN = 5;
    static final int PREFIX_MIN = 2;
    /**
     * A typo is looked for after the first letter only. Forgiving the first letter too made "night" also
     * match "light", "might", "eight", "right", ...: a two-word search then matched a large part of the
     * catalog, every match scored; a shopper seldom mistypes the first letter.
     */
    static final int FUZZY_PREFIX = 1;
    /** More words than this add nothing a shopper means and only cost: the rest are ignored. */
    static final int MAX_WORDS = 12;

    private TextQuery() {
    }

    static Query of(String text) {
        List<String> words = Analyzers.terms(Analyzers.WORDS, text);
        if (words.size() > MAX_WORDS) {
            words = words.subList(0, MAX_WORDS);
        }
        boolean typing = !text.isEmpty() && !Character.isWhitespace(text.charAt(text.length() - 1));
        BooleanQuery.Builder all = new BooleanQuery.Builder();
        int searched = 0;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            BooleanQuery.Builder either = new BooleanQuery.Builder();
            int ways = 0;
            for (String stem : Analyzers.terms(Analyzers.STEMMED, word)) {
                either.add(boosted(new TermQuery(new Term(ProductDocuments.TITLE_TEXT, stem)), TITLE_BOOST), BooleanClause.Occur.SHOULD);
                either.add(new TermQuery(new Term(ProductDocuments.BODY_TEXT, stem)), BooleanClause.Occur.SHOULD);
                if (word.codePointCount(0, word.length()) >= FUZZY_MIN) {
                    either.add(boosted(typo(ProductDocuments.TITLE_TEXT, stem), TITLE_BOOST / 2), BooleanClause.Occur.SHOULD);
                    either.add(boosted(typo(ProductDocuments.BODY_TEXT, stem), 0.5f), BooleanClause.Occur.SHOULD);
                }
                ways++;
            }
            if (typing && i == words.size() - 1 && word.length() >= PREFIX_MIN) {
                either.add(boosted(new PrefixQuery(new Term(ProductDocuments.TITLE_WORDS, word)), TITLE_BOOST / 2), BooleanClause.Occur.SHOULD);
                either.add(boosted(new PrefixQuery(new Term(ProductDocuments.BODY_WORDS, word)), 0.5f), BooleanClause.Occur.SHOULD);
                ways++;
            }
            if (ways > 0) {
                all.add(either.build(), BooleanClause.Occur.MUST);
                searched++;
            }
        }
        return searched == 0 ? new MatchNoDocsQuery("no searchable word in q") : all.build();
    }

    private static Query typo(String field, String stem) {
        return new FuzzyQuery(new Term(field, stem), 1, FUZZY_PREFIX, FuzzyQuery.defaultMaxExpansions, FuzzyQuery.defaultTranspositions);
    }

    private static Query boosted(Query query, float boost) {
        return new BoostQuery(query, boost);
    }
}
