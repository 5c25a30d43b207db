package com.example.shop.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.example.shop.web.caching.EntityTags;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

/** Conditional GET and cache headers by policy (see {@code CachingProbeResource}). */
@QuarkusTest
class ConditionalGetTest {

    private static final String PUBLIC = "public, max-age=30, stale-while-revalidate=60";

    @Test
    void aListGetsAWeakTagOverItsContentAndPublicCaching() {
        Response first = given().get("/caching/items");
        first.then().statusCode(200)
                .header("ETag", matchesPattern("W/\"[A-Za-z0-9_-]{22}\""))
                .header("Cache-Control", PUBLIC)
                .body("[0].id", equalTo("a"));
        assertEquals(EntityTags.weakOf(first.asByteArray()), first.header("ETag"), "the tag is over the bytes sent");
        given().get("/caching/items").then().header("ETag", first.header("ETag"));
    }

    @Test
    void aMatchingIfNoneMatchIs304WithoutABody() {
        String tag = given().get("/caching/items").header("ETag");
        given().header("If-None-Match", tag).get("/caching/items")
                .then().statusCode(304)
                .header("ETag", tag)
                .header("Cache-Control", PUBLIC)
                .body(emptyString());
        // Weak comparison: the tag without W/, in a list, or * all match.
        given().header("If-None-Match", "\"other\", " + tag.substring(2)).get("/caching/items").then().statusCode(304);
        given().header("If-None-Match", "*").get("/caching/items").then().statusCode(304);
        given().header("If-None-Match", "\"other\"").get("/caching/items").then().statusCode(200);
        given().header("If-None-Match", "garbage").get("/caching/items").then().statusCode(200);
    }

    @Test
    void aChangeMovesTheTagsOfTheItemAndOfTheList() {
        String itemTag = given().get("/caching/items/b").header("ETag");
        String listTag = given().get("/caching/items").header("ETag");
        given().post("/caching/items/b").then().statusCode(200);
        String itemAfter = given().header("If-None-Match", itemTag).get("/caching/items/b")
                .then().statusCode(200).extract().header("ETag");
        String listAfter = given().header("If-None-Match", listTag).get("/caching/items")
                .then().statusCode(200).extract().header("ETag");
        assertNotEquals(itemTag, itemAfter);
        assertNotEquals(listTag, listAfter);
    }

    @Test
    void aResourceTagIsKeptAndComparedWeakly() {
        long version = CachingProbeResource.VERSIONS.get("a");
        given().get("/caching/items/a").then().statusCode(200)
                .header("ETag", "\"" + version + "\"")
                .header("Cache-Control", PUBLIC);
        given().header("If-None-Match", "\"" + version + "\"").get("/caching/items/a").then().statusCode(304).body(emptyString());
        given().header("If-None-Match", "W/\"" + version + "\"").get("/caching/items/a").then().statusCode(304);
    }

    @Test
    void headWorksWhereGetDoesWithTheSameHeaders() {
        Response get = given().get("/caching/items");
        given().head("/caching/items").then().statusCode(200)
                .header("ETag", get.header("ETag"))
                .header("Cache-Control", PUBLIC)
                .body(emptyString());
        given().header("If-None-Match", get.header("ETag")).head("/caching/items").then().statusCode(304);
    }

    @Test
    void aBodyThatIsAlreadyJsonTextIsTaggedAsSent() {
        Response text = given().get("/caching/text");
        text.then().statusCode(200).body("ready", equalTo(true));
        assertEquals(EntityTags.weakOf("{\"ready\":true}"), text.header("ETag"));
    }

    @Test
    void problemsAndWritesOfAPublicResourceAreNotMadeCacheable() {
        given().get("/caching/items/nope").then().statusCode(404)
                .header("ETag", nullValue()).header("Cache-Control", nullValue());
        given().post("/caching/items/a").then().statusCode(200)
                .header("ETag", nullValue()).header("Cache-Control", nullValue());
    }

    @Test
    void perShopperAndAdminAnswersAreNotStored() {
        given().get("/caching/cart").then().statusCode(200).header("Cache-Control", "no-store").header("ETag", nullValue());
        given().get("/caching/admin").then().statusCode(200).header("Cache-Control", "private, no-store");
    }

    @Test
    void resourcesWithoutAPolicyAreLeftAlone() {
        given().get("/probe").then().statusCode(200).header("Cache-Control", nullValue()).header("ETag", nullValue());
    }
}
