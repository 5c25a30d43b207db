package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.album;
import static com.example.shop.catalog.Fixtures.film;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.search.lifecycle.IndexBuild;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The book's queries over a fixture catalog. This class owns the products collection while it runs:
 * it empties it once and loads the fixture, so that every expected list is exact.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class ProductSearchTest {

    private static boolean loaded;

    @Inject
    IndexBuild searchIndex;

    /** sku → (title, retail, pct_savings, issue_date or null), for computing expected orders. */
    record Row(String sku, String title, long retail, long pct, String issueDate) {
    }

    private static final List<Row> ROWS = new ArrayList<>();

    @BeforeEach
    void loadFixture() {
        if (loaded) {
            return;
        }
        TestDatabase.database("catalog").getCollection("products").deleteMany(new Document());
        searchIndex.rebuild(); // the collection was emptied behind the service's back: the index follows
        add(album("s-als", "A Love Supreme", "John Coltrane", List.of("Jazz", "General"), "1965-02-01", 1200, 1100));
        add(album("s-kob", "Kind of Blue", "Miles Davis", List.of("Jazz"), "1959-08-17", 1000, 600));
        add(album("s-gs", "Giant Steps", "John Coltrane", List.of("Jazz"), "1960-01-27", 1000, 700));
        add(album("s-mau", "Mingus Ah Um", "Charles Mingus", List.of("Jazz"), "1959-09-14", 1000, 750));
        add(album("s-bt", "Blue Train", "John Coltrane", List.of("Jazz"), "1958-01-01", 900, 900));
        add(album("s-nm", "Nevermind", "Nirvana", List.of("Rock", "Grunge"), "1991-09-24", 1500, 1000));
        add(album("s-ar", "Abbey Road", "The Beatles", List.of("Rock"), "1969-09-26", 1300, 1300));
        add(album("s-live", "What? (Live) [1.0]", "Some Band", List.of("Rock"), "2001-01-01", 1000, 990));
        add(film("s-mx", "The Matrix", List.of("Keanu Reeves", "Laurence Fishburne"), List.of("Sci-Fi"), "1999-03-31", 2000, 1400));
        add(film("s-jw", "John Wick", List.of("Keanu Reeves"), List.of("Action"), "2014-10-24", 1500, 1500));
        add(film("s-sp", "Speed", List.of("Keanu Reeves", "Sandra Bullock"), List.of("Action"), "1994-06-10", 1000, 500));
        add(film("s-pb", "Point Break", List.of("Keanu Reeves", "Patrick Swayze"), List.of("Action"), "1991-07-12", 1000, 700));
        add(film("s-hk", "Hackers", List.of("Jonny Lee Miller", "Angelina Jolie"), List.of("Crime"), "1995-09-15", 1200, 1000));
        add(film("s-fgm", "A Few Good Men", List.of("Tom Cruise"), List.of("Drama"), "1992-12-11", 1000, 800));
        add(film("s-fgm2", "A Few Good Men", List.of("Tom Cruise"), List.of("Drama"), "1992-12-11", 1100, 880));
        add(film("s-fgd", "A few good dogs", List.of("Rex"), List.of("Family"), "2005-05-05", 1000, 1000));
        // a type without issue_date: such products come last in -issue_date
        admin().body(Map.of("name", "Poster", "attributes", List.of(Map.of("name", "artist", "type", "string"))))
                .when().post("/product-types").then().statusCode(org.hamcrest.Matchers.oneOf(201, 409));
        for (String sku : List.of("s-po1", "s-po2")) {
            Map<String, Object> details = new LinkedHashMap<>(Map.of("artist", "Anon"));
            add(Fixtures.product(sku, "Poster", "Poster " + sku, details, 500, 250));
        }
        loaded = true;
    }

    private static void add(Map<String, Object> body) {
        Fixtures.create(body);
        @SuppressWarnings("unchecked")
        Map<String, Object> pricing = (Map<String, Object>) body.get("pricing");
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) body.get("details");
        long list = ((Number) pricing.get("list")).longValue();
        long retail = ((Number) pricing.get("retail")).longValue();
        ROWS.add(new Row((String) body.get("sku"), (String) body.get("title"), retail,
                list == 0 ? 0 : (list - retail) * 100 / list, (String) details.get("issue_date")));
    }

    private static List<String> skus(String query) {
        return given().when().get("/products?" + query).then().statusCode(200).extract().jsonPath().getList("items.sku");
    }

    @Test
    void discountAbove25PercentSortedByDiscount() {
        // Mingus Ah Um is exactly 25 %: not above. Ties (50 %, 30 %) in sku order.
        List<String> expected = ROWS.stream().filter(r -> r.pct() > 25)
                .sorted(Comparator.comparingLong(Row::pct).reversed().thenComparing(Row::sku)).map(Row::sku).toList();
        assertEquals(List.of("s-po1", "s-po2", "s-sp", "s-kob", "s-nm", "s-gs", "s-mx", "s-pb"), expected);
        assertEquals(expected, skus("minSavingsPct=25&sort=-pct_savings"));
        given().when().get("/products?minSavingsPct=25&sort=-pct_savings")
                .then().body("items.pricing.pct_savings", org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.greaterThan(25)));
    }

    @Test
    void jazzAlbumsNewestFirst() {
        assertEquals(List.of("s-als", "s-gs", "s-mau", "s-kob", "s-bt"),
                skus("type=Audio Album&genre=Jazz&sort=-issue_date"));
        given().when().get("/products?type=Audio Album&genre=Jazz&sort=-issue_date")
                .then().body("items[0].details.issue_date", equalTo("1965-02-01"));
    }

    @Test
    void filmsWithKeanuReevesNewestFirst() {
        assertEquals(List.of("s-jw", "s-mx", "s-sp", "s-pb"), skus("type=Film&actor=Keanu Reeves&sort=-issue_date"));
    }

    @Test
    void titleWordSearchIsCaseInsensitiveSubstring() {
        assertEquals(List.of("s-hk"), skus("type=Film&title=hacker&sort=-issue_date"));
        assertEquals(List.of("s-fgd", "s-fgm", "s-fgm2"), skus("title=a few good&sort=-issue_date"));
    }

    @Test
    void titlePrefixIsCaseSensitive() {
        assertEquals(List.of("s-fgm", "s-fgm2"), skus("type=Film&titlePrefix=A Few Good&sort=-issue_date"));
        assertEquals(List.of(), skus("titlePrefix=Few Good"));
    }

    @Test
    void regexMetacharactersInTitleAreLiteral() {
        assertEquals(List.of("s-live"), skusWhere("title", "(Live)"));
        assertEquals(List.of("s-live"), skusWhere("title", "[1.0]"));
        assertEquals(List.of("s-live"), skusWhere("titlePrefix", "What? ("));
        assertEquals(List.of(), skusWhere("title", ".*"));
        assertEquals(List.of(), skusWhere("title", "A.Love"));
        assertEquals(List.of(), skusWhere("title", "Supreme|Blue"));
        assertEquals(List.of(), skusWhere("title", "\\"));
        assertEquals(List.of(), skusWhere("titlePrefix", ".*"));
        assertEquals(List.of(), skusWhere("title", "\\E.*\\Q"));
    }

    private static List<String> skusWhere(String parameter, String value) {
        return given().queryParam(parameter, value).when().get("/products")
                .then().statusCode(200).extract().jsonPath().getList("items.sku");
    }

    @Test
    void keywordSearch() {
        assertEquals(List.of("s-jw", "s-mx", "s-pb", "s-sp"), skus("keyword=keanu"));
        assertEquals(List.of("s-jw", "s-mx", "s-pb", "s-sp"), skus("keyword=Keanu&type=Film"));
        assertEquals(List.of("s-nm"), skus("keyword=grunge"));
        assertEquals(List.of("s-als", "s-bt", "s-gs"), skus("keyword=coltrane"));
    }

    @Test
    void filtersCombine() {
        assertEquals(List.of("s-gs"), skus("keyword=coltrane&minSavingsPct=10"));
        assertEquals(List.of("s-sp", "s-pb"), skus("type=Film&genre=Action&minSavingsPct=0&sort=price"));
    }

    @Test
    void pagesByPriceCoverEverythingOnceInOrder() {
        List<String> expected = ROWS.stream()
                .sorted(Comparator.comparingLong(Row::retail).thenComparing(Row::sku)).map(Row::sku).toList();
        assertEquals(expected, allPages("sort=price", 3));
        List<String> descending = ROWS.stream()
                .sorted(Comparator.comparingLong(Row::retail).reversed().thenComparing(Row::sku)).map(Row::sku).toList();
        assertEquals(descending, allPages("sort=-price", 4));
    }

    @Test
    void pagesByTitleAndDefaultOrder() {
        List<String> byTitle = ROWS.stream().sorted(Comparator.comparing(Row::title).thenComparing(Row::sku))
                .map(Row::sku).toList();
        assertEquals(byTitle, allPages("sort=title", 2));
        List<String> bySku = ROWS.stream().map(Row::sku).sorted().toList();
        assertEquals(bySku, allPages("", 5));
        assertEquals(bySku.size(), new HashSet<>(bySku).size());
    }

    @Test
    void pagesByIssueDatePutProductsWithoutOneLast() {
        List<String> expected = new ArrayList<>(ROWS.stream().filter(r -> r.issueDate() != null)
                .sorted(Comparator.comparing(Row::issueDate).reversed().thenComparing(Row::sku)).map(Row::sku).toList());
        expected.addAll(List.of("s-po1", "s-po2"));
        assertEquals(expected, allPages("sort=-issue_date", 2));
        assertEquals(expected, allPages("sort=-issue_date", 100));
    }

    @Test
    void pagesByDiscount() {
        List<String> expected = ROWS.stream()
                .sorted(Comparator.comparingLong(Row::pct).reversed().thenComparing(Row::sku)).map(Row::sku).toList();
        assertEquals(expected, allPages("sort=-pct_savings", 3));
    }

    @Test
    void defaultLimitIs20AndLastPageHasNoNext() {
        given().when().get("/products").then().statusCode(200)
                .body("items.size()", equalTo(ROWS.size()))
                .body("next", nullValue());
        given().when().get("/products?limit=1").then().statusCode(200)
                .body("items.size()", equalTo(1))
                .body("next", org.hamcrest.Matchers.notNullValue());
    }

    @Test
    void tamperedOrForeignCursorIsA400() {
        String next = given().when().get("/products?sort=price&limit=2").then().extract().jsonPath().getString("next");
        assertNotNull(next);
        byte[] bytes = Base64.getUrlDecoder().decode(next);
        bytes[5] ^= 1;
        String tampered = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        for (String cursor : List.of(tampered, "garbage", "%00%01", "AAAA", next + "x", next.substring(0, next.length() - 2))) {
            given().queryParam("sort", "price").queryParam("limit", 2).queryParam("cursor", cursor).when().get("/products")
                    .then().statusCode(400).contentType("application/problem+json")
                    .body("field", equalTo("cursor"));
        }
        given().when().get("/products?sort=title&limit=2&cursor=" + next)
                .then().statusCode(400).body("field", equalTo("cursor"))
                .body("detail", containsString("different query"));
        given().when().get("/products?sort=price&type=Film&limit=2&cursor=" + next)
                .then().statusCode(400).body("field", equalTo("cursor"));
        given().when().get("/products?sort=price&limit=5&cursor=" + next).then().statusCode(200);
    }

    /** Follows next cursors to the end, checking no page repeats a product. */
    private static List<String> allPages(String query, int limit) {
        List<String> all = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            String url = "/products?" + query + (query.isEmpty() ? "" : "&") + "limit=" + limit
                    + (cursor == null ? "" : "&cursor=" + cursor);
            JsonPath page = given().when().get(url).then().statusCode(200).extract().jsonPath();
            List<String> skus = page.getList("items.sku");
            assertTrue(skus.size() <= limit);
            all.addAll(skus);
            cursor = page.getString("next");
            assertTrue(++pages <= 100, "too many pages");
        } while (cursor != null);
        assertEquals(all.size(), new HashSet<>(all).size(), "a product appeared twice: " + all);
        return all;
    }
}
