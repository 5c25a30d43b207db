package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.album;
import static com.example.shop.catalog.Fixtures.create;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code q}: ranked text search over title, description and the text attributes of details. The
 * fixture's products share a made-up word of their own ({@link #TAG}, in the description), so that
 * every search here is narrowed to them by {@code q} itself, whatever other tests left behind.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class TextSearchTest {

    /** A word no other product has: "q=TAG ..." searches only this class's products. */
    static final String TAG = "zq" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    private static boolean loaded;

    @BeforeEach
    void load() {
        if (loaded) {
            return;
        }
        add("t-als", album("t-als", "A Love Supreme", "John Coltrane", List.of("Jazz"), "1965-02-01", 1200, 1100));
        add("t-gs", album("t-gs", "Giant Steps", "John Coltrane", List.of("Jazz"), "1960-01-27", 1000, 700));
        add("t-kob", album("t-kob", "Kind of Blue", "Miles Davis", List.of("Jazz"), "1959-08-17", 1000, 600));
        add("t-sup", album("t-sup", "Supremes Greatest Hits", "The Supremes", List.of("Soul"), "1967-08-01", 900, 900));
        add("t-run", album("t-run", "Running Albums of the Night", "Various", List.of("Rock"), "1999-01-01", 800, 800));
        // Coltrane named only in the description: ranked below the albums with him in the title's neighbourhood
        add("t-desc", album("t-desc", "Tribute Sessions", "Various", List.of("Jazz"), "2001-01-01", 800, 800));
        loaded = true;
    }

    private static final Map<String, String> SKUS = new java.util.HashMap<>();

    private static void add(String key, Map<String, Object> body) {
        String sku = key + "-" + TAG;
        body.put("sku", sku);
        body.put("description", (key.equals("t-desc") ? "in memory of coltrane, " : "") + "catalogued as " + TAG);
        create(body);
        SKUS.put(key, sku);
    }

    private static List<String> found(String q) {
        List<String> keys = new ArrayList<>();
        JsonPath page = given().queryParam("q", TAG + " " + q).queryParam("limit", 100).when().get("/products")
                .then().statusCode(200).extract().jsonPath();
        for (String sku : page.<String>getList("items.sku")) {
            keys.add(sku.substring(0, sku.length() - TAG.length() - 1));
        }
        return keys;
    }

    @Test
    void englishStemsMatchAcrossForms() {
        assertEquals(List.of("t-run"), found("album "));   // "Albums" in the title, "album" asked (a trailing space: no prefix)
        assertEquals(List.of("t-run"), found("run "));     // "Running" stems to "run"
        assertTrue(found("step ").contains("t-gs"));       // "Steps"
    }

    @Test
    void theLastWordIsAPrefixWhileTyping() {
        assertEquals(List.of("t-als", "t-sup"), sorted(found("supr")));
        assertEquals(List.of(), found("supr "));            // finished word: no longer a prefix
        assertTrue(found("gian").contains("t-gs"));
        assertTrue(found("runni").contains("t-run"));       // a prefix of the word as written, not of its stem
    }

    @Test
    void oneTypoIsForgivenInWordsOfFiveLettersOrMore() {
        assertEquals(List.of("t-als", "t-desc", "t-gs"), sorted(found("coltrain ")));
        assertEquals(List.of("t-gs"), found("giamt steps "));        // "giamt": five letters, one edit
        assertEquals(List.of(), found("blux "));                     // four letters: exact only
        assertEquals(List.of(), found("doltrane "));                 // the first letter is never the typo
    }

    @Test
    void everyWordMustMatchAndTheTitleRanksHighest() {
        assertEquals(List.of("t-kob"), found("miles blue "));
        List<String> coltrane = found("coltrane ");
        assertEquals(3, coltrane.size());
        assertEquals("t-desc", coltrane.get(2), "the description-only match ranks below the artist's albums: " + coltrane);
    }

    @Test
    void relevanceIsTheDefaultOrderAndPagesDoNotRepeat() {
        List<String> all = new ArrayList<>();
        String cursor = null;
        do {
            var request = given().queryParam("q", TAG).queryParam("limit", 2);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.when().get("/products").then().statusCode(200).extract().jsonPath();
            all.addAll(page.getList("items.sku"));
            cursor = page.getString("next");
        } while (cursor != null);
        assertEquals(6, all.size());
        assertEquals(6, new HashSet<>(all).size());
        // another sort orders the same matches by it
        List<String> byPrice = given().queryParam("q", TAG).queryParam("sort", "-price").queryParam("limit", 100)
                .when().get("/products").then().statusCode(200).extract().jsonPath().getList("items.sku");
        assertEquals(SKUS.get("t-als"), byPrice.get(0));
    }

    @Test
    void keywordStillMatchesOneKeywordExactly() {
        given().queryParam("keyword", "Coltrane").queryParam("q", TAG).queryParam("limit", 100).when().get("/products")
                .then().statusCode(200).body("items.size()", equalTo(2));
    }

    @Test
    void queryParserSyntaxIsPlainText() {
        for (String q : List.of("title:*", "*:*", "\"unbalanced", "(a OR b", "a AND NOT b", "giant~2", "gi?nt", "/regex/",
                "[a TO z]", "\\", "+-&&||!(){}[]^\"~*?:\\/")) {
            given().queryParam("q", q).when().get("/products").then().statusCode(200);
        }
        // syntax characters are separators: "title:giant" is the two words "title" and "giant"
        assertEquals(List.of(), found("title:*"));
        given().queryParam("q", "*:*").when().get("/products").then().statusCode(200).body("items.size()", equalTo(0))
                .body("next", nullValue());
        assertEquals(List.of("t-gs"), found("\"giant steps"));
    }

    @Test
    void sortByRelevanceNeedsQ() {
        given().queryParam("sort", "relevance").when().get("/products").then().statusCode(400).body("field", equalTo("sort"));
    }

    private static List<String> sorted(List<String> values) {
        List<String> copy = new ArrayList<>(values);
        copy.sort(null);
        return copy;
    }
}
