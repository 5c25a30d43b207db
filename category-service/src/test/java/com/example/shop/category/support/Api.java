package com.example.shop.category.support;

import static io.restassured.RestAssured.given;

import com.example.shop.testsupport.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.LinkedHashMap;
import java.util.Map;

/** The category API as the tests use it (RestAssured against the running service). */
public final class Api {

    private static String adminToken;

    private Api() {
    }

    public static synchronized String admin() {
        if (adminToken == null) {
            adminToken = TestTokens.admin();
        }
        return adminToken;
    }

    public static RequestSpecification asAdmin() {
        return given().auth().oauth2(admin()).contentType(ContentType.JSON);
    }

    public static Response create(String name, String slug, String parent) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("slug", slug);
        body.put("parent", parent);
        return asAdmin().body(body).post("/categories");
    }

    public static void created(String name, String slug, String parent) {
        create(name, slug, parent).then().statusCode(201);
    }

    public static Response patch(String slug, Map<String, Object> body) {
        return asAdmin().body(body).patch("/categories/" + slug);
    }

    public static Response move(String slug, String parent) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("parent", parent);
        return patch(slug, body);
    }

    public static Response rename(String slug, String name) {
        return patch(slug, Map.of("name", name));
    }

    public static Response verify() {
        return given().auth().oauth2(admin()).get("/admin/categories/verify");
    }

    public static Response repair() {
        return given().auth().oauth2(admin()).post("/admin/categories/repair");
    }
}
