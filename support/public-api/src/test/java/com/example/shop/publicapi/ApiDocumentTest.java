package com.example.shop.publicapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApiDocumentTest {

    private static final JsonMapper JSON = new JsonMapper();

    private static ObjectNode doc(String json) throws Exception {
        return (ObjectNode) JSON.readTree(json.replace('\'', '"'));
    }

    private static Map<String, JsonNode> services(ObjectNode catalog, ObjectNode category, ObjectNode cart) {
        Map<String, JsonNode> services = new LinkedHashMap<>();
        services.put("catalog", catalog);
        services.put("category", category);
        services.put("cart", cart);
        return services;
    }

    private static ObjectNode operation(String path, String schema) throws Exception {
        return doc("{'paths': {'" + path + "': {'get': {'operationId': 'get', 'responses': {'200': {'description': 'ok', "
                + "'content': {'application/json': {'schema': {'$ref': '#/components/schemas/" + schema + "'}}}}}}}}}");
    }

    @Test
    void aDefinitionThatDiffersOnlyByWhatItRefersToIsRenamedToo() throws Exception {
        // Both services define Page as {items: [Item]}, but their Items differ: their Pages are different things.
        ObjectNode catalog = operation("/products", "Page");
        catalog.set("components", doc("{'schemas': {'Page': {'type': 'array', 'items': {'$ref': '#/components/schemas/Item'}},"
                + " 'Item': {'type': 'string'}}}"));
        ObjectNode category = operation("/categories", "Page");
        category.set("components", doc("{'schemas': {'Page': {'type': 'array', 'items': {'$ref': '#/components/schemas/Item'}},"
                + " 'Item': {'type': 'integer'}}}"));
        ObjectNode cart = operation("/carts", "Page");
        cart.set("components", doc("{'schemas': {'Page': {'type': 'array', 'items': {'$ref': '#/components/schemas/Item'}},"
                + " 'Item': {'type': 'string'}}}"));

        ObjectNode merged = ApiDocument.merge(services(catalog, category, cart));
        JsonNode schemas = merged.path("components").path("schemas");
        assertEquals("#/components/schemas/CategoryItem", schemas.path("CategoryPage").path("items").path("$ref").asText());
        assertEquals("integer", schemas.path("CategoryItem").path("type").asText());
        assertEquals("#/components/schemas/Item", schemas.path("Page").path("items").path("$ref").asText());
        // cart's definitions equal catalog's: it shares their names
        assertEquals("#/components/schemas/Page", ref(merged, "/api/carts"));
        assertEquals("#/components/schemas/CategoryPage", ref(merged, "/api/categories"));
        assertFalse(schemas.has("CartPage"));
        // the same input always gives the same document
        assertEquals(merged, ApiDocument.merge(services(catalog, category, cart)));
    }

    @Test
    void operationIdsUsedTwiceGetTheServiceInFrontAndUnroutedPathsAreLeftOut() throws Exception {
        ObjectNode catalog = operation("/products", "P");
        catalog.set("components", doc("{'schemas': {'P': {'type': 'string'}}}"));
        ObjectNode category = operation("/categories", "P");
        category.set("components", doc("{'schemas': {'P': {'type': 'string'}}}"));
        ObjectNode cart = operation("/carts", "P");
        ((ObjectNode) cart.path("paths")).set("/products/x", cart.path("paths").path("/carts").deepCopy());
        cart.set("components", doc("{'schemas': {'P': {'type': 'string'}}}"));

        ObjectNode merged = ApiDocument.merge(services(catalog, category, cart));
        assertEquals("get", merged.path("paths").path("/api/products").path("get").path("operationId").asText());
        assertEquals("categoryGet", merged.path("paths").path("/api/categories").path("get").path("operationId").asText());
        assertEquals("cartGet", merged.path("paths").path("/api/carts").path("get").path("operationId").asText());
        assertFalse(merged.path("paths").has("/api/products/x"), "cart does not serve /api/products/x");
    }

    @Test
    void aServiceSchemeThatDiffersIsRenamedInItsSecurityRequirements() throws Exception {
        ObjectNode cart = doc("{'paths': {'/inventory/{sku}': {'put': {'operationId': 'set', 'security': [{'adminBearer': []}],"
                + " 'responses': {'200': {'description': 'ok'}}}}}, 'components': {'securitySchemes': {'adminBearer':"
                + " {'type': 'http', 'scheme': 'basic'}}}}");
        ObjectNode merged = ApiDocument.merge(services(doc("{}"), doc("{}"), cart));
        JsonNode put = merged.path("paths").path("/api/inventory/{sku}").path("put");
        assertTrue(put.path("security").get(0).has("CartAdminBearer"), put.toString());
        assertEquals("basic", merged.path("components").path("securitySchemes").path("CartAdminBearer").path("scheme").asText());
        assertEquals("bearer", merged.path("components").path("securitySchemes").path("adminBearer").path("scheme").asText());
        assertEquals("#/components/responses/GatewayUnauthorized", put.path("responses").path("401").path("$ref").asText());
    }

    @Test
    void theBulkApisOfEachServiceAreKeptAsAdminOperations() throws Exception {
        ObjectNode catalog = doc("{'paths': {'/admin/catalog/import': {'post': {'operationId': 'importProducts',"
                + " 'requestBody': {'content': {'application/x-ndjson': {'schema': {'type': 'string', 'format': 'binary'}}}},"
                + " 'responses': {'202': {'description': 'accepted'}, '413': {'description': 'over the import limit'}}}},"
                + " '/admin/catalog/export': {'get': {'operationId': 'exportProducts', 'responses': {'200': {'description': 'ndjson'}}}},"
                + " '/admin/catalog/imports/{id}': {'get': {'operationId': 'getProductImport', 'responses': {'200': {'description': 'run'}}}}}}");
        ObjectNode category = doc("{'paths': {'/admin/categories/import': {'post': {'operationId': 'importCategories',"
                + " 'requestBody': {'content': {'application/x-ndjson': {}}}, 'responses': {'202': {'description': 'accepted'}}}}}}");
        ObjectNode cart = doc("{'paths': {'/admin/inventory/export': {'get': {'operationId': 'exportStock',"
                + " 'responses': {'200': {'description': 'ndjson'}}}}, '/admin/catalog/export': {'get': {'operationId': 'notCarts',"
                + " 'responses': {'200': {'description': 'x'}}}}}}");
        JsonNode paths = ApiDocument.merge(services(catalog, category, cart)).path("paths");
        for (String path : new String[] {"/api/admin/catalog/import", "/api/admin/categories/import"}) {
            JsonNode post = paths.path(path).path("post");
            assertTrue(post.path("security").get(0).has("adminBearer"), post.toString());
            assertEquals("#/components/responses/GatewayUnauthorized", post.path("responses").path("401").path("$ref").asText());
            assertEquals("#/components/responses/GatewayForbidden", post.path("responses").path("403").path("$ref").asText());
        }
        // the service's own 413 (its import limit) is kept; where it has none, the gateway's
        assertEquals("over the import limit", paths.path("/api/admin/catalog/import").path("post").path("responses")
                .path("413").path("description").asText());
        assertEquals("#/components/responses/GatewayPayloadTooLarge", paths.path("/api/admin/categories/import").path("post")
                .path("responses").path("413").path("$ref").asText());
        for (String path : new String[] {"/api/admin/catalog/export", "/api/admin/catalog/imports/{id}", "/api/admin/inventory/export"}) {
            JsonNode get = paths.path(path).path("get");
            assertTrue(get.path("security").get(0).has("adminBearer"), path + " " + get);
            assertFalse(get.path("responses").has("413"), path);
        }
        assertEquals("exportProducts", paths.path("/api/admin/catalog/export").path("get").path("operationId").asText(),
                "/api/admin/catalog is catalog's: cart's path of that name is not routed to it");
    }

    @Test
    void everyGatewayAnswerIsDefinedOnceAsAProblemAndReferredToUnderItsOwnStatus() throws Exception {
        ObjectNode catalog = doc("{'paths': {'/admin/catalog/import': {'post': {'operationId': 'importProducts',"
                + " 'requestBody': {'content': {'application/x-ndjson': {}}}, 'responses': {'202': {'description': 'accepted'}}}}}}");
        ObjectNode merged = ApiDocument.merge(services(catalog, doc("{}"), doc("{}")));
        JsonNode responses = merged.path("paths").path("/api/admin/catalog/import").path("post").path("responses");
        JsonNode defined = merged.path("components").path("responses");
        Map<String, String> expected = Map.of("401", "GatewayUnauthorized", "403", "GatewayForbidden",
                "413", "GatewayPayloadTooLarge", "502", "GatewayBadGateway", "503", "GatewayServiceUnavailable",
                "504", "GatewayTimeout");
        assertEquals(expected.size(), defined.size(), defined.toString());
        expected.forEach((status, component) -> {
            assertEquals("#/components/responses/" + component, responses.path(status).path("$ref").asText(), status);
            JsonNode definition = defined.path(component);
            assertEquals("#/components/schemas/Problem", definition.path("content").path("application/problem+json")
                    .path("schema").path("$ref").asText(), component);
            assertTrue(definition.path("description").asText().contains("Problem type https://problems.shop.example/"), component);
        });
        assertTrue(defined.path("GatewayServiceUnavailable").path("headers").has("Retry-After"));
        assertFalse(defined.path("GatewayTimeout").has("headers"));
    }

    @Test
    void onlyAPostToABulkBaseSlashImportIsAnImport() {
        assertTrue(Routes.isImport("POST", "/api/admin/catalog/import"));
        assertTrue(Routes.isImport("POST", "/api/admin/categories/import"));
        assertTrue(Routes.isImport("POST", "/api/admin/inventory/import"));
        assertFalse(Routes.isImport("PUT", "/api/admin/catalog/import"));
        assertFalse(Routes.isImport("POST", "/api/admin/catalog/imports"));
        assertFalse(Routes.isImport("POST", "/api/admin/catalog/import/x"));
        assertFalse(Routes.isImport("POST", "/api/admin/jobs/import"));
        assertFalse(Routes.isImport("POST", "/api/products/import"));
        for (String base : Routes.BULK) {
            Routes.Route route = Routes.find(base + "/import");
            assertTrue(route != null && route.needsAdmin("GET") && route.needsAdmin("POST"), base);
        }
    }

    /** Issue 59: a shopper's order is read without an admin token (the cart service checks its own); the merchant's need one. */
    @Test
    void ordersGoToTheCartServiceTheMerchantsBehindTheAdminToken() throws Exception {
        assertEquals("cart", Routes.find("/api/orders/100001").service());
        assertFalse(Routes.find("/api/orders/100001").needsAdmin("GET"));
        for (String path : new String[] {"/api/admin/orders", "/api/admin/orders/100001/cancel", "/api/admin/orders/export"}) {
            assertEquals("cart", Routes.find(path).service(), path);
            assertTrue(Routes.find(path).needsAdmin("GET") && Routes.find(path).needsAdmin("POST"), path);
        }
        assertEquals("/api/orders/100001", Routes.publicPath("cart", "/orders/100001"));
        ObjectNode cart = operation("/orders/{number}", "O");
        ((ObjectNode) cart.path("paths")).set("/admin/orders", cart.path("paths").path("/orders/{number}").deepCopy());
        cart.set("components", doc("{'schemas': {'O': {'type': 'string'}}}"));
        JsonNode paths = ApiDocument.merge(services(doc("{}"), doc("{}"), cart)).path("paths");
        assertTrue(paths.has("/api/orders/{number}") && paths.has("/api/admin/orders"), paths.toString());
    }

    @Test
    void everyServiceIsNeeded() {
        assertThrows(IllegalArgumentException.class, () -> ApiDocument.merge(Map.of("catalog", JSON.createObjectNode())));
    }

    private static String ref(JsonNode merged, String path) {
        return merged.path("paths").path(path).path("get").path("responses").path("200").path("content")
                .path("application/json").path("schema").path("$ref").asText();
    }
}
