package com.example.shop.seed;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One product line, exactly as {@code POST /api/products} takes it, for each index of a profile:
 * an "Audio Album" or a "Film" (the catalog's built-in types), placed in a leaf category of the
 * matching root, with details that agree with it (genre and subgenre from the category path, an
 * issue date within its decade, a format from its edition). Every product draws from a random
 * stream of its own ({@link SeedRandom#of}): product {@code i} is the same whatever came before it.
 *
 * <p>Variants (docs/design.md#variants) come from streams of their own, so that a product without
 * options is exactly the line it was before variants: about {@link #APPAREL_SHARE} of the indexes
 * are Apparel instead (a band's or a film's merchandise, options size and colour, 4-12 variants),
 * decided by {@link #APPAREL_STREAM} before anything else is drawn; and {@link #FORMATS_SHARE} of
 * the albums whose category does not fix a format are sold in 2 or 3 formats ({@link #FORMATS_STREAM}).
 */
final class Products {

    static final long STREAM = 2;
    static final long STOCK_STREAM = 3;
    static final String ALBUM = "Audio Album";
    static final String FILM = "Film";
    static final String APPAREL = "Apparel";
    static final long APPAREL_STREAM = 4;
    static final long FORMATS_STREAM = 5;
    static final double APPAREL_SHARE = 0.3;
    static final double FORMATS_SHARE = 0.3;
    /** Audio Album's {@code format} option, in its order (docs/design.md#variants). */
    static final String[] FORMATS = {"CD", "Vinyl", "Digital"};
    /** Editions whose albums come in the one format the edition names: never in several. */
    private static final Set<String> FIXED_FORMAT = Set.of("Vinyl", "CD", "Box Sets", "Cassettes");

    private final CategoryTree tree;
    private final long seed;
    private final String seedTag;

    Products(CategoryTree tree, long seed) {
        this.tree = tree;
        this.seed = seed;
        this.seedTag = Long.toUnsignedString(seed, 36).toUpperCase(Locale.ROOT);
    }

    /**
     * The sku of product {@code index}: its type's code, the seed (base 36) and its number, e.g.
     * {@code ALB-1-000042}. Stores of different seeds never share a sku; profiles of one seed do
     * (the small store's products are the first of the medium's skus).
     */
    String sku(String type, int index) {
        String number = Integer.toString(index + 1);
        String code = ALBUM.equals(type) ? "ALB-" : FILM.equals(type) ? "FLM-" : "APP-";
        StringBuilder sku = new StringBuilder(24).append(code).append(seedTag).append('-');
        for (int pad = number.length(); pad < 6; pad++) {
            sku.append('0');
        }
        return sku.append(number).toString();
    }

    /**
     * Product {@code index}, the object of its line; {@code skusOut} receives the skus it sells, in
     * its variants' order: its own sku for a product without options, else each variant's.
     */
    ObjectNode product(int index, List<String> skusOut) {
        skusOut.clear();
        SeedRandom a = SeedRandom.of(seed, APPAREL_STREAM, index);
        if (a.chance(APPAREL_SHARE)) {
            return apparel(index, a, skusOut);
        }
        SeedRandom r = SeedRandom.of(seed, STREAM, index);
        boolean album = r.chance(0.6);
        String type = album ? ALBUM : FILM;
        String sku = sku(type, index);
        List<CategoryTree.Node> leaves = tree.leaves.get(album ? "Music" : "Film");
        CategoryTree.Node category = r.pick(leaves);
        List<String> categoryIds = new ArrayList<>(2);
        categoryIds.add(category.id);
        if (r.chance(0.12)) {
            CategoryTree.Node second = r.pick(leaves);
            if (second != category) {
                categoryIds.add(second.id);
            }
        }
        LocalDate issued = issueDate(category, r);
        ObjectNode product = JsonLines.object().put("sku", sku).put("type", type);
        if (album) {
            album(product, category, categoryIds, issued, r);
        } else {
            film(product, category, categoryIds, issued, r);
        }
        if (r.chance(0.08)) {
            List<String> keywords = new ArrayList<>();
            int n = r.between(1, 3);
            for (int i = 0; i < n; i++) {
                String k = r.pick(Words.KEYWORDS);
                if (!keywords.contains(k)) {
                    keywords.add(k);
                }
            }
            JsonLines.strings(product, "keywords", keywords);
        }
        boolean limited = "Limited Editions".equals(category.edition) || "Collector's Editions".equals(category.edition);
        if (r.chance(limited ? 0.5 : 0.02)) {
            product.put("max_per_cart", r.between(1, 4));
        }
        if (album && (category.edition == null || !FIXED_FORMAT.contains(category.edition))) {
            SeedRandom f = SeedRandom.of(seed, FORMATS_STREAM, index);
            if (f.chance(FORMATS_SHARE)) {
                formats(product, sku, f, skusOut);
                return product;
            }
        }
        skusOut.add(sku);
        return product;
    }

    /**
     * The stock lines of product {@code index}, {@code {"sku", "qty"}} for each sku it sells, in the
     * order {@link #product} gave them; the first draws what a product without options always drew.
     */
    List<ObjectNode> stock(int index, List<String> skus) {
        SeedRandom r = SeedRandom.of(seed, STOCK_STREAM, index);
        List<ObjectNode> lines = new ArrayList<>(skus.size());
        for (String sku : skus) {
            double d = r.nextDouble();
            int qty = d < 0.04 ? 0 : d < 0.10 ? r.between(1, 4) : d < 0.80 ? r.between(5, 120) : r.between(121, 500);
            lines.add(JsonLines.object().put("sku", sku).put("qty", qty));
        }
        return lines;
    }

    /**
     * An album sold in 2 or 3 of {@link #FORMATS}: {@code format} becomes its option (so the detail
     * of that name goes, and the description names them all), each variant {@code <sku>-<FORMAT>} at
     * its format's price points; the product's pricing is its first variant's, which so needs none.
     */
    private void formats(ObjectNode product, String sku, SeedRandom f, List<String> skusOut) {
        List<String> formats = new ArrayList<>(List.of(FORMATS));
        if (f.chance(0.6)) {
            formats.remove(f.nextInt(formats.size()));
        }
        ObjectNode details = (ObjectNode) product.get("details");
        details.remove("format");
        product.put("description", "by " + details.get("artist").asText() + ". On " + String.join(", ", formats.subList(0, formats.size() - 1))
                + " and " + formats.get(formats.size() - 1) + ".");
        ObjectNode option = product.putArray("options").addObject().put("name", "format");
        JsonLines.strings(option, "values", formats);
        ArrayNode variants = product.putArray("variants");
        for (int i = 0; i < formats.size(); i++) {
            String format = formats.get(i);
            String variantSku = sku + "-" + format.toUpperCase(Locale.ROOT);
            ObjectNode variant = variants.addObject().put("sku", variantSku);
            variant.putObject("options").put("format", format);
            ObjectNode holder = JsonLines.object();
            pricing(holder, albumPrices("Vinyl".equals(format) ? "Vinyl LP" : format), f);
            if (i == 0) {
                product.set("pricing", holder.get("pricing"));
            } else {
                variant.set("pricing", holder.get("pricing"));
            }
            skusOut.add(variantSku);
        }
    }

    /**
     * Apparel: a band's (70 %) or a film's merchandise, in a leaf category of the matching root, with
     * options size (a run of 2-6 of {@link Words#SIZES}) and colour (2 or 3), every combination a
     * variant {@code <sku>-NN} (4-12 of them); a quarter of them charge more for XL and XXL.
     */
    private ObjectNode apparel(int index, SeedRandom r, List<String> skusOut) {
        String sku = sku(APPAREL, index);
        boolean music = r.chance(0.7);
        CategoryTree.Node category = r.pick(tree.leaves.get(music ? "Music" : "Film"));
        Words.Garment garment = Words.GARMENTS[r.nextInt(Words.GARMENTS.length)];
        String subject = music ? artist(category.genre.name(), r) : filmTitle(r);
        String material = r.pick(Words.MATERIALS);
        ObjectNode product = JsonLines.object().put("sku", sku).put("type", APPAREL);
        product.put("title", subject + " " + garment.name());
        product.put("description", "A " + garment.name().toLowerCase(Locale.ROOT) + " of " + material + ", "
                + (music ? "with the artwork of " + subject + "." : "with the poster of " + subject + "."));
        product.putObject("shipping").put("weight", r.between(garment.minWeight(), garment.maxWeight()))
                .putObject("dimensions").put("width", 300).put("height", 350).put("depth", r.between(10, 40));
        pricing(product, garment.prices(), r);
        JsonLines.strings(product, "category_ids", List.of(category.id));
        ObjectNode details = product.putObject("details").put("brand", r.pick(Words.BRANDS));
        if (r.chance(0.9)) {
            details.put("material", material);
        }
        if (r.chance(0.7)) {
            details.put("care", r.pick(Words.CARE));
        }
        int sizeCount = r.between(2, Words.SIZES.length);
        int colourCount = r.between(2, Math.min(3, 12 / sizeCount));
        int firstSize = r.nextInt(Words.SIZES.length - sizeCount + 1);
        List<String> sizes = List.of(Words.SIZES).subList(firstSize, firstSize + sizeCount);
        List<String> colours = new ArrayList<>(colourCount);
        while (colours.size() < colourCount) {
            String c = r.pick(Words.COLOURS);
            if (!colours.contains(c)) {
                colours.add(c);
            }
        }
        ArrayNode options = product.putArray("options");
        JsonLines.strings(options.addObject().put("name", "size"), "values", sizes);
        JsonLines.strings(options.addObject().put("name", "colour"), "values", colours);
        boolean largerCostMore = r.chance(0.25);
        ObjectNode pricing = (ObjectNode) product.get("pricing");
        ArrayNode variants = product.putArray("variants");
        int n = 0;
        for (String colour : colours) {
            for (String size : sizes) {
                n++;
                String variantSku = sku + (n < 10 ? "-0" : "-") + n;
                ObjectNode variant = variants.addObject().put("sku", variantSku);
                variant.putObject("options").put("size", size).put("colour", colour);
                if (largerCostMore && (size.equals("XL") || size.equals("XXL"))) {
                    variant.putObject("pricing").put("currency", "USD").put("list", pricing.get("list").asLong() + 300)
                            .put("retail", pricing.get("retail").asLong() + 300);
                }
                skusOut.add(variantSku);
            }
        }
        if (r.chance(0.05)) {
            product.put("max_per_cart", r.between(2, 6));
        }
        return product;
    }

    private void album(ObjectNode product, CategoryTree.Node category, List<String> categoryIds, LocalDate issued, SeedRandom r) {
        String genre = category.genre.name();
        boolean classical = "Classical".equals(genre);
        String artist;
        String title;
        if (classical) {
            String composer = r.pick(Words.COMPOSERS);
            title = composer + ": " + classicalWork(r);
            artist = r.chance(0.5) ? r.pick(Words.PLACES) + " " + r.pick(Words.ORCHESTRAS) : person(r);
        } else {
            artist = artist(genre, r);
            title = albumTitle(r);
        }
        String format = format(category.edition, r);
        String label = r.pick(Words.LABELS);
        int trackCount = "Box Set".equals(format) ? r.between(30, 60) : r.between(6, 14);
        List<String> tracks = new ArrayList<>(trackCount);
        for (int i = 0; i < trackCount; i++) {
            tracks.add(classical ? movement(i, r) : trackTitle(r));
        }
        product.put("title", title);
        product.put("description", "by " + artist + (r.chance(0.5) ? ". " + trackCount + " tracks, " + format + ", " + label
                + ", " + issued.getYear() + "." : ""));
        shipping(product, format, r);
        pricing(product, albumPrices(format), r);
        JsonLines.strings(product, "category_ids", categoryIds);
        ObjectNode details = JsonLines.strings(product.putObject("details").put("artist", artist), "genre", genres(category));
        if (r.chance(0.9)) {
            JsonLines.strings(details, "tracks", tracks);
        }
        details.put("issue_date", issued.toString());
        if (r.chance(0.85)) {
            details.put("label", label);
        }
        if (r.chance(0.9)) {
            details.put("format", format);
        }
    }

    private void film(ObjectNode product, CategoryTree.Node category, List<String> categoryIds, LocalDate issued, SeedRandom r) {
        String media = media(category.edition, r);
        List<String> directors = people(r.chance(0.9) ? 1 : 2, r);
        List<String> writers = people(r.between(1, 3), r);
        List<String> actors = people(r.between(2, 6), r);
        String title = filmTitle(r);
        String genre = category.subgenre != null ? category.subgenre : category.genre.name();
        product.put("title", title);
        product.put("description", "A " + genre.toLowerCase(Locale.ROOT) + " film directed by " + directors.get(0)
                + ", starring " + actors.get(0) + " and " + actors.get(1) + ". " + media + ".");
        shipping(product, media, r);
        pricing(product, filmPrices(media), r);
        JsonLines.strings(product, "category_ids", categoryIds);
        ObjectNode details = JsonLines.strings(product.putObject("details"), "director", directors);
        if (r.chance(0.8)) {
            JsonLines.strings(details, "writer", writers);
        }
        if (r.chance(0.95)) {
            JsonLines.strings(details, "actor", actors);
        }
        JsonLines.strings(details, "genre", genres(category));
        if (r.chance(0.8)) {
            details.put("aspect_ratio", r.pick(Words.ASPECT_RATIOS));
        }
        if (r.chance(0.9)) {
            details.put("rating", r.pick(Words.RATINGS));
        }
        details.put("issue_date", issued.toString());
    }

    private static List<String> genres(CategoryTree.Node category) {
        List<String> genres = new ArrayList<>(2);
        genres.add(category.genre.name());
        if (category.subgenre != null) {
            genres.add(category.subgenre);
        }
        return genres;
    }

    /** A day in the category's decade (from level 4), else between its genre's first year and {@link Words#LAST_YEAR}. */
    private static LocalDate issueDate(CategoryTree.Node category, SeedRandom r) {
        int from = category.genre.since();
        int to = Words.LAST_YEAR;
        if (category.decade != 0) {
            from = Math.max(from, category.decade);
            to = Math.min(to, category.decade + 9);
        }
        long first = LocalDate.of(from, 1, 1).toEpochDay();
        long last = LocalDate.of(to, 12, 31).toEpochDay();
        return LocalDate.ofEpochDay(first + r.nextInt((int) (last - first + 1)));
    }

    private static void shipping(ObjectNode product, String format, SeedRandom r) {
        int weight;
        int width;
        int height;
        int depth;
        switch (format) {
            case "Vinyl LP" -> { weight = r.between(180, 320); width = 315; height = 315; depth = 5; }
            case "2xLP" -> { weight = r.between(380, 560); width = 315; height = 315; depth = 10; }
            case "Box Set" -> { weight = r.between(600, 2400); width = 320; height = 320; depth = r.between(40, 90); }
            case "Cassette" -> { weight = r.between(45, 70); width = 110; height = 70; depth = 17; }
            case "Digital" -> { weight = 0; width = 0; height = 0; depth = 0; }
            case "DVD", "Blu-ray", "4K Ultra HD" -> { weight = r.between(80, 140); width = 135; height = 190; depth = 14; }
            case "Steelbook" -> { weight = r.between(150, 220); width = 135; height = 190; depth = 14; }
            case "Film Box Set" -> { weight = r.between(400, 1500); width = 140; height = 195; depth = r.between(30, 80); }
            default -> { weight = r.between(90, 130); width = 142; height = 125; depth = 10; }
        }
        ObjectNode shipping = product.putObject("shipping").put("weight", weight);
        if (weight > 0) {
            shipping.putObject("dimensions").put("width", width).put("height", height).put("depth", depth);
        }
    }

    /** List price from realistic price points; retail the list price or a discount ending in 99. */
    private static void pricing(ObjectNode product, int[] points, SeedRandom r) {
        int list = r.pick(points);
        int retail = list;
        if (r.chance(0.45)) {
            int pct = r.between(5, 50);
            retail = Math.max(99, (list * (100 - pct) / 100) / 100 * 100 - 1);
        }
        product.putObject("pricing").put("currency", "USD").put("list", list).put("retail", Math.min(retail, list));
    }

    private static int[] albumPrices(String format) {
        return switch (format) {
            case "Vinyl LP" -> new int[] {1999, 2299, 2499, 2799, 2999, 3499};
            case "2xLP" -> new int[] {2999, 3499, 3999, 4499};
            case "Box Set" -> new int[] {4999, 7999, 9999, 14999, 19999};
            case "Digital" -> new int[] {799, 899, 999, 1099};
            case "Cassette" -> new int[] {999, 1299, 1499};
            default -> new int[] {899, 999, 1199, 1299, 1499, 1799};
        };
    }

    private static int[] filmPrices(String media) {
        return switch (media) {
            case "Blu-ray" -> new int[] {1499, 1999, 2499, 2999};
            case "4K Ultra HD" -> new int[] {2499, 2999, 3499, 3999};
            case "Steelbook" -> new int[] {2999, 3499, 3999};
            case "Film Box Set" -> new int[] {4999, 6999, 9999, 12999};
            default -> new int[] {799, 999, 1299, 1499, 1999};
        };
    }

    private static String format(String edition, SeedRandom r) {
        if (edition != null) {
            switch (edition) {
                case "Vinyl" -> { return r.chance(0.8) ? "Vinyl LP" : "2xLP"; }
                case "CD" -> { return "CD"; }
                case "Box Sets" -> { return "Box Set"; }
                case "Cassettes" -> { return "Cassette"; }
                default -> { }
            }
        }
        double d = r.nextDouble();
        return d < 0.40 ? "CD" : d < 0.70 ? "Vinyl LP" : d < 0.78 ? "2xLP" : d < 0.93 ? "Digital" : d < 0.96 ? "Cassette" : "Box Set";
    }

    private static String media(String edition, SeedRandom r) {
        if (edition != null) {
            switch (edition) {
                case "Blu-ray", "DVD", "4K Ultra HD" -> { return edition; }
                case "Steelbooks" -> { return "Steelbook"; }
                case "Box Sets" -> { return "Film Box Set"; }
                default -> { }
            }
        }
        double d = r.nextDouble();
        return d < 0.45 ? "Blu-ray" : d < 0.85 ? "DVD" : "4K Ultra HD";
    }

    private static String person(SeedRandom r) {
        return r.pick(Words.FIRST_NAMES) + " " + r.pick(Words.LAST_NAMES);
    }

    private static List<String> people(int n, SeedRandom r) {
        List<String> people = new ArrayList<>(n);
        while (people.size() < n) {
            String p = person(r);
            if (!people.contains(p)) {
                people.add(p);
            }
        }
        return people;
    }

    private static String artist(String genre, SeedRandom r) {
        double d = r.nextDouble();
        if ("Jazz".equals(genre) && d < 0.35) {
            return person(r) + " " + r.pick(Words.ENSEMBLES);
        }
        if (d < 0.55) {
            return person(r);
        }
        if (d < 0.80) {
            return "The " + r.pick(Words.ADJECTIVES) + " " + r.pick(Words.PLURAL_NOUNS);
        }
        if (d < 0.90) {
            return r.pick(Words.PLURAL_NOUNS) + " of " + r.pick(Words.PLACES);
        }
        return r.pick(Words.ADJECTIVES) + " " + r.pick(Words.NOUNS);
    }

    private static String albumTitle(SeedRandom r) {
        return switch (r.nextInt(9)) {
            case 0 -> r.pick(Words.ADJECTIVES) + " " + r.pick(Words.NOUNS);
            case 1 -> "The " + r.pick(Words.NOUNS) + " of " + r.pick(Words.NOUNS);
            case 2 -> r.pick(Words.NOUNS) + " in " + r.pick(Words.ADJECTIVES);
            case 3 -> "Songs for " + r.pick(Words.PLURAL_NOUNS);
            case 4 -> r.pick(Words.PLACES) + " " + r.pick(Words.TIMES);
            case 5 -> r.pick(Words.VERBS_ING) + " the " + r.pick(Words.NOUNS);
            case 6 -> "Live at " + r.pick(Words.VENUES);
            case 7 -> r.pick(Words.NOUNS);
            default -> r.pick(Words.ADJECTIVES) + " " + r.pick(Words.PLURAL_NOUNS);
        };
    }

    private static String trackTitle(SeedRandom r) {
        return switch (r.nextInt(7)) {
            case 0 -> r.pick(Words.ADJECTIVES) + " " + r.pick(Words.NOUNS);
            case 1 -> r.pick(Words.VERBS_ING) + " " + r.pick(Words.FIRST_NAMES);
            case 2 -> r.pick(Words.NOUNS) + " Blues";
            case 3 -> r.pick(Words.TIMES) + " in " + r.pick(Words.PLACES);
            case 4 -> "The " + r.pick(Words.NOUNS);
            case 5 -> r.pick(Words.NOUNS) + " Song";
            default -> r.pick(Words.ADJECTIVES) + " " + r.pick(Words.TIMES);
        };
    }

    private static String classicalWork(SeedRandom r) {
        String work = r.pick(Words.WORKS);
        return switch (work) {
            case "Nocturnes", "Preludes", "Études", "Cello Suite", "Mass", "Requiem" -> work;
            default -> work + " No. " + r.between(1, 9) + " in " + r.pick(Words.KEYS);
        };
    }

    private static String movement(int i, SeedRandom r) {
        String[] tempi = {"Allegro", "Adagio", "Andante", "Allegretto", "Presto", "Largo", "Scherzo", "Menuetto", "Rondo", "Vivace"};
        return toRoman(i + 1) + ". " + r.pick(tempi);
    }

    private static String toRoman(int n) {
        String[] r = {"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"};
        return n <= 10 ? r[n - 1] : (n <= 20 ? "X" + r[n - 11] : String.valueOf(n));
    }

    private static String filmTitle(SeedRandom r) {
        String title = switch (r.nextInt(10)) {
            case 0 -> "The " + r.pick(Words.NOUNS);
            case 1 -> r.pick(Words.ADJECTIVES) + " " + r.pick(Words.NOUNS);
            case 2 -> "The " + r.pick(Words.NOUNS) + " of " + r.pick(Words.PLACES);
            case 3 -> r.pick(Words.NOUNS) + " of the " + r.pick(Words.NOUNS);
            case 4 -> r.pick(Words.PLACES);
            case 5 -> "A " + r.pick(Words.NOUNS) + " in " + r.pick(Words.PLACES);
            case 6 -> r.pick(Words.VERBS_ING) + " " + r.pick(Words.FIRST_NAMES);
            case 7 -> "The Last " + r.pick(Words.NOUNS);
            case 8 -> "Return of the " + r.pick(Words.PLURAL_NOUNS);
            default -> r.pick(Words.TIMES) + " in " + r.pick(Words.PLACES);
        };
        return r.chance(0.07) ? title + " " + r.pick(new String[] {"II", "III", "Part Two"}) : title;
    }
}
