package com.example.shop.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.e2e.client.ApiClient;
import com.example.shop.e2e.client.ApiException;
import com.example.shop.e2e.client.api.CartsApi;
import com.example.shop.e2e.client.api.CategoriesApi;
import com.example.shop.e2e.client.api.CheckoutApi;
import com.example.shop.e2e.client.api.InventoryApi;
import com.example.shop.e2e.client.api.ProductTypesApi;
import com.example.shop.e2e.client.api.ProductsApi;
import com.example.shop.e2e.client.model.AddItem;
import com.example.shop.e2e.client.model.Breadcrumb;
import com.example.shop.e2e.client.model.CartView;
import com.example.shop.e2e.client.model.CategoryPage;
import com.example.shop.e2e.client.model.CategoryView;
import com.example.shop.e2e.client.model.ChangeQuantity;
import com.example.shop.e2e.client.model.CheckoutRequest;
import com.example.shop.e2e.client.model.CheckoutResult;
import com.example.shop.e2e.client.model.Payment;
import com.example.shop.e2e.client.model.Product;
import com.example.shop.e2e.client.model.ProductPage;
import com.example.shop.e2e.client.model.ProductType;
import com.example.shop.e2e.client.model.Simulate;
import com.example.shop.e2e.client.model.SubtreeIds;
import com.example.shop.e2e.client.model.TreeNode;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The README tour's storefront calls (browse, a category's pages, category subtree, filter, product
 * types, a conditional read, cart, checkout) made through a client that openapi-generator generated
 * from the one API document at build time (see this module's pom): if the document mis-describes a
 * path, a parameter, a body or an answer, this fails. Each answer is also held to the document's
 * schema for its operation and status ({@link DocumentedAnswers}), so that the client's leniency (it
 * ignores a member it does not know and reads a null where it expects a string) hides no
 * disagreement.
 */
final class StorefrontTour {

    private final ProductsApi products;
    private final ProductTypesApi productTypes;
    private final CategoriesApi categories;
    private final CartsApi carts;
    private final CheckoutApi checkout;
    private final InventoryApi inventory;

    /** The tour through a client whose every answer {@code answers} holds to the API document. */
    StorefrontTour(String gatewayUrl, DocumentedAnswers answers) {
        ApiClient client = answers.client(gatewayUrl);
        products = new ProductsApi(client);
        productTypes = new ProductTypesApi(client);
        categories = new CategoriesApi(client);
        carts = new CartsApi(client);
        checkout = new CheckoutApi(client);
        inventory = new InventoryApi(client);
    }

    void run() throws Exception {
        browse();
        pagesOfACategory();
        categorySubtree();
        filter();
        productTypes();
        cartAndCheckout();
    }

    /** The category tree, and one category with its breadcrumbs (root first). */
    private void browse() throws ApiException {
        List<TreeNode> roots = categories.listCategories(null, null, true, null).getRoots();
        assertTrue(roots.stream().anyMatch(root -> root.getSlug().equals("music")), roots.toString());
        TreeNode music = roots.stream().filter(root -> root.getSlug().equals("music")).findFirst().orElseThrow();
        assertTrue(music.getChildren().stream().anyMatch(child -> child.getSlug().equals("jazz")));

        CategoryView hardBop = categories.getCategory("hard-bop", null);
        assertEquals(List.of("music", "jazz", "bop"), hardBop.getBreadcrumbs().stream().map(Breadcrumb::getSlug).toList());
    }

    /** A category's children and descendants, page by page to the last (whose next is null), and its subtree's ids. */
    private void pagesOfACategory() throws ApiException {
        List<String> children = new ArrayList<>();
        CategoryPage page = categories.listCategoryChildren("jazz", null, 2, null);
        page.getItems().forEach(child -> children.add(child.getSlug()));
        while (page.getNext() != null) {
            page = categories.listCategoryChildren("jazz", page.getNext(), 2, null);
            page.getItems().forEach(child -> children.add(child.getSlug()));
        }
        assertTrue(children.containsAll(List.of("bop", "ragtime")) && !children.contains("hard-bop"), children.toString());

        List<String> descendants = new ArrayList<>();
        page = categories.listCategoryDescendants("jazz", null, 3, null);
        page.getItems().forEach(descendant -> descendants.add(descendant.getSlug()));
        while (page.getNext() != null) {
            page = categories.listCategoryDescendants("jazz", page.getNext(), 3, null);
            page.getItems().forEach(descendant -> descendants.add(descendant.getSlug()));
        }
        assertTrue(descendants.containsAll(List.of("bop", "hard-bop", "ragtime")), descendants.toString());

        SubtreeIds subtree = categories.getCategorySubtreeIds("jazz", null);
        assertEquals(descendants.size() + 1, subtree.getIds().size(), "jazz and each of its descendants");
    }

    /** Products of a category and its subcategories, page by page with the cursor. */
    private void categorySubtree() throws ApiException {
        Set<String> skus = new HashSet<>();
        ProductPage page = products.listProducts(null, "jazz", null, null, null, null, null, null, null, 5, null, null, null, null, null, null, null, null, null);
        assertEquals(5, page.getItems().size());
        page.getItems().forEach(product -> skus.add(product.getSku()));
        while (page.getNext() != null) {
            page = products.listProducts(null, "jazz", null, page.getNext(), null, null, null, null, null, 5, null, null, null, null, null, null, null, null, null);
            page.getItems().forEach(product -> assertTrue(skus.add(product.getSku()), "a sku on two pages"));
        }
        assertTrue(skus.containsAll(List.of("kind-of-blue", "giant-steps", "moanin", "shape-of-jazz", "joplin-rags")), skus.toString());
        assertFalse(skus.contains("the-matrix"));
    }

    /** The book's queries. */
    private void filter() throws ApiException {
        ProductPage savings = products.listProducts(null, null, null, null, null, null, null, null, null, null, 25, null, null, null, "-pct_savings", null, null, null, null);
        assertFalse(savings.getItems().isEmpty());
        long previous = Long.MAX_VALUE;
        for (Product product : savings.getItems()) {
            assertTrue(product.getPricing().getPctSavings() > 25);
            assertTrue(product.getPricing().getPctSavings() <= previous);
            previous = product.getPricing().getPctSavings();
        }
        assertEquals(List.of("john-wick", "the-matrix", "speed-1994"), skus(products.listProducts(
                "Keanu Reeves", null, null, null, null, null, null, null, null, null, null, null, null, null, "-issue_date", null, null, List.of("Film"), null)));
        List<String> jazzAlbums = skus(products.listProducts(null, null, null, null, null, null, List.of("Jazz"), null, null, null, null, null, null, null,
                "-issue_date", null, null, List.of("Audio Album"), null));
        assertEquals("joplin-rags", jazzAlbums.get(0));
        assertEquals(List.of("2001-space-odyssey"), skus(products.listProducts(null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, "odyssey", null, null, null)));
        // ranked text search, one typo forgiven: the storefront's search box
        List<String> coltrane = skus(products.listProducts(null, null, null, null, null, null, null, null, null, null, null, null, "coltrain", null,
                null, null, null, null, null));
        assertTrue(coltrane.containsAll(List.of("giant-steps", "00e8da9b")), coltrane.toString());
        products.listProducts(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, "The", null, null).getItems()
                .forEach(product -> assertTrue(product.getTitle().startsWith("The"), product.getTitle()));
        assertFalse(products.listProducts(null, null, null, null, null, null, null, null, "coltrane", null, null, null, null, null, null, null, null, null, null)
                .getItems().isEmpty());
        ProductPage faceted = products.listProducts(null, "jazz", null, null, "type,genre,price,category,availability", null,
                null, null, null, 3, null, null, null, null, null, null, null, null, null);
        assertNotNull(faceted.getFacets(), "facets asked for");
        Product kindOfBlue = products.getProduct("kind-of-blue", null);
        assertEquals("kind-of-blue", kindOfBlue.getSku());
        assertNotNull(kindOfBlue.getVersion());
        // A product's ETag is its version: asked again with it, the answer is 304 without a body
        ApiException notModified = assertThrows(ApiException.class,
                () -> products.getProduct("kind-of-blue", "\"" + kindOfBlue.getVersion() + "\""));
        assertEquals(304, notModified.getCode());
    }

    /** The product types, all and one: a type without its own per-cart limit leaves it out. */
    private void productTypes() throws ApiException {
        List<ProductType> types = productTypes.listProductTypes(null);
        assertTrue(types.stream().anyMatch(type -> type.getName().equals("Audio Album")), types.toString());
        for (ProductType type : types) {
            assertEquals(type.getName(), productTypes.getProductType(type.getName(), null).getName());
        }
    }

    /** Reserve on add, a refused over-reservation, a quantity change, and an idempotent checkout. */
    private void cartAndCheckout() throws Exception {
        long before = inventory.getInventory("moanin").getAvailable();
        CartView cart = carts.createCart();
        assertEquals("active", cart.getStatus());

        cart = carts.addCartItem(cart.getId(), new AddItem().sku("moanin").qty(2));
        assertEquals(2, cart.getItems().get(0).getQty());
        assertEquals(before - 2, inventory.getInventory("moanin").getAvailable());

        String id = cart.getId();
        // More than there is (a product with little stock, so that the request stays within the per-cart limit of 10)
        long scarce = inventory.getInventory("shape-of-jazz").getAvailable();
        ApiException refused = assertThrows(ApiException.class,
                () -> carts.addCartItem(id, new AddItem().sku("shape-of-jazz").qty((int) scarce + 1)));
        assertEquals(409, refused.getCode());
        JsonNode problem = new JsonMapper().readTree(refused.getResponseBody());
        assertTrue(problem.path("type").asText().endsWith("/insufficient-inventory"), problem.toString());
        assertEquals(scarce, problem.path("available").asLong());
        assertEquals(scarce, inventory.getInventory("shape-of-jazz").getAvailable(), "a refused add reserves nothing");
        // More than one cart may hold of a product
        ApiException tooMany = assertThrows(ApiException.class,
                () -> carts.addCartItem(id, new AddItem().sku("moanin").qty(9)));
        assertEquals(409, tooMany.getCode());
        JsonNode limit = new JsonMapper().readTree(tooMany.getResponseBody());
        assertTrue(limit.path("type").asText().endsWith("/line-limit"), limit.toString());
        assertEquals(10, limit.path("max").asInt());

        // A second line, then removed: its reservation goes back
        long giantSteps = inventory.getInventory("giant-steps").getAvailable();
        assertEquals(2, carts.addCartItem(id, new AddItem().sku("giant-steps").qty(1)).getItems().size());
        assertEquals(1, carts.removeCartItem(id, "giant-steps").getItems().size());
        assertEquals(giantSteps, inventory.getInventory("giant-steps").getAvailable());

        cart = carts.changeCartItem(id, "moanin", new ChangeQuantity().qty(3));
        assertEquals(3, cart.getTotalUnits());
        assertEquals(before - 3, inventory.getInventory("moanin").getAvailable());

        String key = UUID.randomUUID().toString();
        CheckoutRequest payment = new CheckoutRequest().payment(new Payment().method("card").simulate(Simulate.APPROVE));
        CheckoutResult paid = checkout.checkoutCart(id, key, payment);
        assertEquals("complete", paid.getStatus());
        assertEquals("approved", paid.getPayment());
        assertEquals(paid.getChargeId(), checkout.checkoutCart(id, key, payment).getChargeId(), "the same key, the same charge");
        assertEquals("complete", carts.getCart(id).getStatus());
        assertEquals(0, inventory.getInventory("moanin").getReserved());
    }

    private static List<String> skus(ProductPage page) {
        return page.getItems().stream().map(Product::getSku).toList();
    }
}
