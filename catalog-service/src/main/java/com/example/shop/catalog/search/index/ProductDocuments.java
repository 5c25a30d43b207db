package com.example.shop.catalog.search.index;

import static com.example.shop.catalog.producttype.AttributeType.texts;

import com.example.shop.catalog.search.ListedProduct;
import com.example.shop.catalog.search.ListedVariant;
import java.util.Date;
import java.util.Map;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/**
 * A product as a Lucene document: one field per way a listing reads it. Exact filters match
 * {@link StringField}s holding the stored values unchanged (so {@code genre=Jazz} is as exact and
 * case-sensitive as the MongoDB query was); numbers are points (ranges) and doc values (sorting);
 * the facets count sorted-set doc values; {@code q} searches the analyzed text fields; the page
 * shows the listing JSON ({@link ListingJson}).
 */
public final class ProductDocuments {

    public static final String SKU = "sku";
    static final String JSON = "json";
    public static final String TYPE = "type";
    public static final String GENRE = "genre";
    public static final String ACTOR = "actor";
    public static final String KEYWORD = "keyword";
    public static final String CATEGORY = "category";
    /** The title as stored: {@code titlePrefix} (case-sensitive). */
    public static final String TITLE_EXACT = "title_exact";
    /** The title lower-cased: {@code title} (case-insensitive "contains"). */
    public static final String TITLE_LOWER = "title_lower";
    public static final String TITLE_SORT = "title_sort";
    public static final String PCT_SAVINGS = "pct_savings";
    /** The lowest retail among the listed variants: the default "from" price, and the price sort without variant filters. */
    public static final String PRICE = "price";
    public static final String ISSUE_DATE = "issue_date";
    public static final String TITLE_TEXT = "title_text";
    public static final String BODY_TEXT = "body_text";
    public static final String TITLE_WORDS = "title_words";
    public static final String BODY_WORDS = "body_words";
    /** The product's version (doc values): what the index's verify compares with MongoDB. */
    public static final String VERSION = "version";
    /**
     * {@value #IN_STOCK} when a listed variant is in stock, {@value #SOLD_OUT} when one is sold out (both for a
     * product with some of each), as the cart service last reported each sku: {@code inStock} and its facet.
     * A product without options has exactly one of them.
     */
    public static final String AVAILABILITY = "availability";
    /** The product's listed variants ({@link VariantCodes}): what makes one variant satisfy every variant filter. */
    public static final String VARIANTS = "variants";
    /** Every listed variant's retail (points and sorted-numeric doc values): {@code price} and its facet. */
    public static final String VARIANT_PRICE = "variant_price";
    /** Prefix of an option's field ({@code option.size}): each listed variant's value, exact. */
    public static final String OPTION_PREFIX = "option.";
    public static final String IN_STOCK = "in-stock";
    public static final String SOLD_OUT = "sold-out";

    /**
     * The ranked text ({@code *_text}): BM25 needs each term's frequency and the field's length
     * (norms), not positions, since {@code q} makes no phrase query: positions cost writing at every
     * product write and merge, and space on disk and in the mapped index.
     */
    private static final FieldType RANKED_TEXT = textType(IndexOptions.DOCS_AND_FREQS, false);
    /** The words a typed prefix is matched in ({@code *_words}): a prefix query scores constantly, so neither frequencies nor norms. */
    private static final FieldType PREFIX_WORDS = textType(IndexOptions.DOCS, true);

    private ProductDocuments() {
    }

    private static FieldType textType(IndexOptions options, boolean omitNorms) {
        FieldType type = new FieldType();
        type.setTokenized(true);
        type.setStored(false);
        type.setIndexOptions(options);
        type.setOmitNorms(omitNorms);
        type.freeze();
        return type;
    }

    /**
     * The order the index keeps its documents in (Lucene's index sort): sku ascending, the default
     * listing order. A page in that order stops reading a segment once it holds a page's worth of
     * matches (early termination), so a category page reads about {@code limit} matches a segment
     * however many the category holds.
     */
    static Sort indexOrder() {
        return new Sort(new SortField(SKU, SortField.Type.STRING));
    }

    static Term idOf(String sku) {
        return new Term(SKU, sku);
    }

    static org.apache.lucene.document.Document of(ListedProduct product) {
        org.apache.lucene.document.Document doc = new org.apache.lucene.document.Document();
        String sku = product.sku();
        doc.add(new StringField(SKU, sku, Field.Store.NO));
        doc.add(new SortedDocValuesField(SKU, new BytesRef(sku)));
        doc.add(new BinaryDocValuesField(JSON, ListingJson.encode(product.json())));
        if (product.version() > 0) { // versions start at 1: 0 is a product stored without one
            doc.add(new NumericDocValuesField(VERSION, product.version()));
        }
        variants(doc, product);

        String type = product.type();
        if (type != null) {
            doc.add(new StringField(TYPE, type, Field.Store.NO));
            doc.add(new SortedSetDocValuesField(TYPE, new BytesRef(type)));
        }
        Map<String, Object> details = product.details() == null ? Map.of() : product.details();
        for (String genre : texts(details.get("genre"))) {
            doc.add(new StringField(GENRE, genre, Field.Store.NO));
            doc.add(new SortedSetDocValuesField(GENRE, new BytesRef(genre)));
        }
        for (String actor : texts(details.get("actor"))) {
            doc.add(new StringField(ACTOR, actor, Field.Store.NO));
        }
        for (String keyword : product.keywords()) {
            doc.add(new StringField(KEYWORD, keyword, Field.Store.NO));
        }
        for (String category : product.categoryIds()) {
            doc.add(new StringField(CATEGORY, category, Field.Store.NO));
            doc.add(new SortedSetDocValuesField(CATEGORY, new BytesRef(category)));
        }

        String title = product.title();
        if (title != null) {
            doc.add(new StringField(TITLE_EXACT, title, Field.Store.NO));
            doc.add(new StringField(TITLE_LOWER, lower(title), Field.Store.NO));
            doc.add(new SortedDocValuesField(TITLE_SORT, new BytesRef(title)));
            doc.add(new Field(TITLE_TEXT, title, RANKED_TEXT));
            doc.add(new Field(TITLE_WORDS, title, PREFIX_WORDS));
        }
        number(doc, PCT_SAVINGS, product.pctSavings());
        number(doc, PRICE, lowestRetail(product));
        if (details.get("issue_date") instanceof Date date) {
            doc.add(new NumericDocValuesField(ISSUE_DATE, date.getTime()));
            doc.add(new LongPoint(ISSUE_DATE, date.getTime())); // lets the newest-first sort skip by points
        }

        String body = body(product.description(), details);
        doc.add(new Field(BODY_TEXT, body, RANKED_TEXT));
        doc.add(new Field(BODY_WORDS, body, PREFIX_WORDS));
        return doc;
    }

    /** The field of the option {@code name}: its values as stored, exact and case-sensitive like genre. */
    public static String optionField(String name) {
        return OPTION_PREFIX + name;
    }

    /**
     * The variant fields: per option every listed variant's value, the availabilities and retails the
     * variants have, each once (a filter on one of them alone is answered by these), and the
     * variants themselves for the filters together ({@link VariantCodes}).
     */
    private static void variants(org.apache.lucene.document.Document doc, ListedProduct product) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        java.util.Set<Long> prices = new java.util.TreeSet<>();
        for (ListedVariant variant : product.variants()) {
            String availability = product.soldOut() || variant.soldOut() ? SOLD_OUT : IN_STOCK;
            if (seen.add(AVAILABILITY + '\u0000' + availability)) {
                doc.add(new StringField(AVAILABILITY, availability, Field.Store.NO));
                doc.add(new SortedSetDocValuesField(AVAILABILITY, new BytesRef(availability)));
            }
            for (Map.Entry<String, String> option : variant.options().entrySet()) {
                String field = optionField(option.getKey());
                if (seen.add(field + '\u0000' + option.getValue())) {
                    doc.add(new StringField(field, option.getValue(), Field.Store.NO));
                    doc.add(new SortedSetDocValuesField(field, new BytesRef(option.getValue())));
                }
            }
            if (prices.add(variant.retail())) {
                doc.add(new LongPoint(VARIANT_PRICE, variant.retail()));
                doc.add(new SortedNumericDocValuesField(VARIANT_PRICE, variant.retail()));
            }
        }
        doc.add(new BinaryDocValuesField(VARIANTS, VariantCodes.encode(product.variants(), product.soldOut())));
    }

    private static long lowestRetail(ListedProduct product) {
        return product.variants().stream().mapToLong(ListedVariant::retail).min().orElse(product.retail());
    }

    /**
     * The lower-cased form {@code title} is matched in: per character, so that the text searched
     * for and the title are lower-cased alike and never change length.
     */
    public static String lower(String text) {
        StringBuilder lower = new StringBuilder(text.length());
        text.codePoints().forEach(c -> lower.appendCodePoint(Character.toLowerCase(c)));
        return lower.toString();
    }

    /** The description and every string attribute of {@code details} (artist, tracks, actors, ...), one text. */
    private static String body(String description, Map<String, Object> details) {
        StringBuilder body = new StringBuilder(description == null ? "" : description);
        for (Object value : details.values()) {
            for (String text : texts(value)) {
                body.append('\n').append(text);
            }
        }
        return body.toString();
    }

    private static void number(org.apache.lucene.document.Document doc, String field, long value) {
        doc.add(new LongPoint(field, value));
        doc.add(new NumericDocValuesField(field, value));
    }
}
