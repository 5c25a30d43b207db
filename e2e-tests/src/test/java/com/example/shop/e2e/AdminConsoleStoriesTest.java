package com.example.shop.e2e;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.builder.RequestSpecBuilder;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * The admin console as a person uses it: real Chromium on {@code /admin} of the platform started by
 * {@code ./platform up} (own directory, free ports), clicking and typing; what the console claims is
 * then checked through the public API. Each story leaves a screenshot in
 * {@code target/admin-console-screenshots/}. The stories do not depend on each other's data, so they
 * pass in any order; the order below only makes the screenshots read like a tour.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdminConsoleStoriesTest {

    /** Carts idle longer than this are expired by the job of story 7. */
    private static final int INACTIVE_AFTER_SECONDS = 3;
    static final Path SCREENSHOTS = Path.of("target", "admin-console-screenshots").toAbsolutePath();

    private static LocalPlatform platform;
    private static String adminToken;
    private static RequestSpecification api;
    private static Browser browser;
    private static String chromiumMissing;

    @BeforeAll
    static void start() throws Exception {
        chromiumMissing = Browser.missingChromium();
        if (chromiumMissing != null) {
            return; // each story is reported as skipped, see below; no platform is started for nothing
        }
        Path directory = Path.of("target", "admin-console-platform").toAbsolutePath();
        platform = LocalPlatform.fresh(directory, Map.of(
                "CART_EXPIRY_INACTIVE_AFTER", "PT" + INACTIVE_AFTER_SECONDS + "S",
                "CART_EXPIRY_EVERY", "PT1H",
                "CART_CLEANUP_EVERY", "PT1H"));
        String banner = platform.run("up");
        assertTrue(banner.contains("The platform is up"), banner);
        adminToken = platform.adminToken();
        api = new RequestSpecBuilder().setBaseUri(platform.gatewayUrl()).build();
        browser = new Browser(SCREENSHOTS);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (browser != null) {
                browser.close();
            }
        } finally {
            if (platform != null) {
                platform.run("down");
            }
        }
    }

    /** A failed story leaves the page it failed on in target/, next to the others. */
    @RegisterExtension
    final TestWatcher screenshotOnFailure = new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            if (browser != null) {
                try {
                    browser.screenshot("FAILED-" + context.getRequiredTestMethod().getName());
                } catch (Exception e) {
                    cause.addSuppressed(e);
                }
            }
        }
    };

    @BeforeEach
    void chromiumIsThere() {
        Assumptions.assumeTrue(chromiumMissing == null, chromiumMissing);
    }

    @AfterEach
    void thePageRanWithoutScriptOrPolicyErrors() {
        if (browser != null) {
            assertEquals(List.of(), browser.scriptAndPolicyErrors(), "errors in the browser console");
        }
    }

    @Test
    @Order(1)
    void story1SignInWithTheKeyboardAndSignOut() throws Exception {
        signOutIfSignedIn();
        browser.open(console(""));
        browser.waitForText(By.cssSelector("main h1"), "Sign in");
        WebElement tokenField = browser.byLabel("Admin token");
        // Keyboard only: Tab until the token field has the focus, type, Tab to the button, Enter.
        for (int i = 0; i < 10 && !tokenField.equals(browser.driver.switchTo().activeElement()); i++) {
            browser.driver.switchTo().activeElement().sendKeys(Keys.TAB);
        }
        assertEquals(tokenField, browser.driver.switchTo().activeElement(), "the token field is reachable by Tab");
        tokenField.sendKeys(adminToken);
        tokenField.sendKeys(Keys.TAB);
        assertEquals("Sign in", browser.driver.switchTo().activeElement().getText());
        browser.driver.switchTo().activeElement().sendKeys(Keys.ENTER);

        browser.waitForText(By.cssSelector("main h1"), "Products");
        browser.waitFor(By.cssSelector("table.products tbody tr[data-sku='kind-of-blue']"));
        assertEquals(adminToken, browser.sessionStorage().get("shop-admin-token"), "the token is kept for this tab");
        browser.screenshot("story-1-signed-in");

        browser.click("Sign out");
        browser.waitForText(By.cssSelector("main h1"), "Sign in");
        browser.waitForText(By.cssSelector("main"), "You are signed out");
        assertEquals(Map.of(), browser.sessionStorage(), "signing out forgets the token");
        browser.screenshot("story-1-signed-out");
    }

    @Test
    @Order(2)
    void story2CreateAProductOfANewlyDeclaredTypeAndFindItBySearch() throws Exception {
        signIn();
        browser.click("Product types");
        browser.click("Declare a new type");
        browser.waitForText(By.cssSelector("main h1"), "Declare a product type");
        browser.type("Name", "Board Game");
        browser.type("Most per cart", "2");
        attribute(0, "designer", "List of texts", true);
        browser.click("Add an attribute");
        attribute(1, "players_max", "Whole number", false);
        browser.click("Add an attribute");
        attribute(2, "cooperative", "Yes / no", false);
        browser.click("Add an attribute");
        attribute(3, "issue_date", "Date", false);
        browser.click("Declare type");

        // The form of the new type, built from its declaration.
        browser.waitForText(By.cssSelector("main h1"), "New product");
        browser.waitForText(By.cssSelector("main legend"), "Product");
        assertEquals("Board Game", new Select(browser.byLabel("Type")).getFirstSelectedOption().getText());
        browser.waitForText(By.cssSelector("fieldset[data-type='Board Game'] legend"), "Board Game details");
        browser.type("SKU", "catan-1995");
        browser.type("Title", "Catan");
        browser.type("List price", "49.99");
        browser.type("Selling price", "39.95");
        browser.type("Players max", "4");
        browser.choose("Cooperative", "No");
        browser.byLabel("Issue date").sendKeys("01011995");
        assertEquals("1995-01-01", browser.byLabel("Issue date").getDomProperty("value"));
        browser.type("Extra search keywords", "Settlers of Catan");

        // The required designer is missing: the API's field problem marks that field.
        browser.click("Create product");
        browser.waitForText(By.cssSelector(".problem"), "details.designer");
        WebElement designer = browser.byLabel("Designer");
        browser.waitUntil(d -> "true".equals(designer.getDomAttribute("aria-invalid")));
        assertTrue(designer.findElement(By.xpath("following-sibling::p[@class='field-error']")).getText().contains("details.designer"));
        browser.screenshot("story-2-field-problem");

        designer.sendKeys("Klaus Teuber");
        browser.click("Create product");
        browser.waitForText(By.cssSelector("main h1"), "Product catan-1995");
        browser.waitFor(By.cssSelector("fieldset[data-type]"));
        // The catalog names the keyword typed by hand; the words of title and details stay its own.
        assertEquals("settlers of catan", browser.byLabel("Extra search keywords").getDomProperty("value"));

        browser.click("Products");
        browser.waitForText(By.cssSelector("main h1"), "Products");
        // The form is the page's once the first results are in: a Search before that would submit it as a plain form.
        waitForResults(query -> true);
        browser.type("Keyword", "catan");
        browser.click("Search");
        waitForResults(query -> query.contains("keyword=catan"));
        facetValue("type", "Board Game").findElement(By.tagName("input")).click();
        waitForResults(query -> query.contains("type=Board Game"));
        browser.waitFor(By.cssSelector("table.products tbody tr[data-sku='catan-1995']"));
        assertEquals(1, browser.driver.findElements(By.cssSelector("table.products tbody tr")).size());
        browser.screenshot("story-2-found-by-search");

        given(api).when().get("/api/products/catan-1995").then().statusCode(200)
                .body("type", equalTo("Board Game"))
                .body("pricing.list", equalTo(4999))
                .body("pricing.retail", equalTo(3995))
                .body("details.designer", contains("Klaus Teuber"))
                .body("details.players_max", equalTo(4))
                .body("details.cooperative", equalTo(false))
                .body("details.issue_date", equalTo("1995-01-01"))
                .body("keywords", hasItems("settlers of catan", "catan", "klaus", "teuber"))
                .body("keywords_extra", contains("settlers of catan"))
                .body("max_per_cart", equalTo(2))
                .body("max_per_cart_source", equalTo("type"));
    }

    @Test
    @Order(3)
    void story3EditAProductInTwoTabsAndSeeTheConflictInTheSecond() throws Exception {
        signIn();
        String first = browser.driver.getWindowHandle();
        browser.open(console("#/products/kind-of-blue"));
        browser.waitForText(By.cssSelector("main h1"), "Product kind-of-blue");
        browser.waitForText(By.cssSelector("fieldset[data-type] legend"), "Audio Album details");
        browser.resize(new org.openqa.selenium.Dimension(1280, 1900));
        browser.screenshot("product-form");
        browser.resize(Browser.DESKTOP);

        // A second tab: its own session storage, so it signs in on its own.
        browser.driver.switchTo().newWindow(WindowType.TAB);
        String second = browser.driver.getWindowHandle();
        browser.open(console("#/products/kind-of-blue"));
        browser.waitForText(By.cssSelector("main h1"), "Sign in");
        browser.type("Admin token", adminToken);
        browser.click("Sign in");
        browser.waitForText(By.cssSelector("main h1"), "Product kind-of-blue");
        browser.waitFor(By.cssSelector("fieldset[data-type]"));

        browser.driver.switchTo().window(first);
        browser.type("Title", "Kind of Blue (Legacy Edition)");
        browser.click("Save changes");
        browser.waitForText(By.id("notice"), "Saved kind-of-blue (version 2)");

        browser.driver.switchTo().window(second);
        browser.type("Selling price", "8.99");
        browser.click("Save changes");
        browser.waitForText(By.cssSelector(".conflict"), "This product changed while you were editing it");
        assertEquals("8.99", browser.byLabel("Selling price").getDomProperty("value"), "what was typed stays");
        browser.screenshot("story-3-conflict-in-the-second-tab");

        browser.click("Load the new version and keep my changes");
        browser.waitForText(By.cssSelector(".notice-inline"), "Version 2 is loaded with your changes on top");
        assertEquals("Kind of Blue (Legacy Edition)", browser.byLabel("Title").getDomProperty("value"));
        assertEquals("8.99", browser.byLabel("Selling price").getDomProperty("value"));
        browser.click("Save changes");
        browser.waitForText(By.id("notice"), "Saved kind-of-blue (version 3)");
        browser.screenshot("story-3-both-changes-saved");
        browser.driver.close();
        browser.driver.switchTo().window(first);

        given(api).when().get("/api/products/kind-of-blue").then().statusCode(200)
                .body("title", equalTo("Kind of Blue (Legacy Edition)"))
                .body("pricing.retail", equalTo(899))
                .body("version", equalTo(3))
                .body("max_per_cart_source", not(equalTo("product"))); // saving the form did not pin the inherited limit

        // The per-cart limit: the product's own value, then back to inheriting it.
        String inherited = given(api).when().get("/api/products/kind-of-blue").then().extract().path("max_per_cart").toString();
        browser.driver.navigate().refresh(); // this tab still shows version 2
        browser.waitForText(By.cssSelector("main h1"), "Product kind-of-blue");
        browser.waitFor(By.cssSelector("fieldset[data-type]"));
        assertEquals("", browser.byLabel("Most per cart").getDomProperty("value"), "an inherited limit shows as empty");
        browser.type("Most per cart", "3");
        browser.click("Save changes");
        browser.waitForText(By.id("notice"), "Saved kind-of-blue (version 4)");
        given(api).when().get("/api/products/kind-of-blue").then()
                .body("max_per_cart", equalTo(3)).body("max_per_cart_source", equalTo("product"));
        browser.type("Most per cart", "");
        browser.click("Save changes");
        browser.waitForText(By.id("notice"), "Saved kind-of-blue (version 5)");
        given(api).when().get("/api/products/kind-of-blue").then()
                .body("max_per_cart", equalTo(Integer.parseInt(inherited))).body("max_per_cart_source", not(equalTo("product")));
    }

    @Test
    @Order(4)
    void story4MoveASubtreeAndSeeTheBreadcrumbsFollow() throws Exception {
        signIn();
        browser.open(console("#/categories/hard-bop"));
        browser.waitForText(By.cssSelector("#detail-heading"), "Hard Bop");
        assertEquals(List.of("All categories", "Music", "Jazz", "Bop", "Hard Bop"), breadcrumbs());

        browser.waitFor(By.cssSelector(".tree a[data-slug='bop']")).click();
        browser.waitForText(By.cssSelector("#detail-heading"), "Bop");
        Select moveTo = new Select(browser.byLabel("Move to…"));
        List<String> offered = moveTo.getOptions().stream().map(o -> o.getDomProperty("value")).toList();
        assertFalse(offered.contains("bop"), "not under itself");
        assertFalse(offered.contains("hard-bop"), "not under its own descendant");
        assertTrue(offered.contains("rock") && offered.contains(""), offered.toString());
        moveTo.selectByValue("rock");
        browser.click("Move");
        browser.waitForText(By.id("notice"), "Moved Bop under Rock");

        browser.waitFor(By.cssSelector(".tree a[data-slug='hard-bop']")).click();
        browser.waitForText(By.cssSelector("#detail-heading"), "Hard Bop");
        assertEquals(List.of("All categories", "Music", "Rock", "Bop", "Hard Bop"), breadcrumbs());
        browser.screenshot("story-4-breadcrumbs-after-the-move");
        browser.resize(new org.openqa.selenium.Dimension(1280, 1500));
        browser.screenshot("category-tree");
        browser.resize(Browser.DESKTOP);

        given(api).when().get("/api/categories/hard-bop").then().statusCode(200)
                .body("breadcrumbs.slug", contains("music", "rock", "bop"));
    }

    @Test
    @Order(5)
    void story5TryToDeleteACategoryThatHasChildren() throws Exception {
        signIn();
        browser.open(console("#/categories/jazz"));
        browser.waitForText(By.cssSelector("#detail-heading"), "Jazz");
        browser.click("Delete category…");
        browser.waitFor(By.cssSelector("dialog[open]"));
        browser.click("Delete category");
        browser.waitForText(By.cssSelector(".problem"), "Category has children");
        String problem = browser.waitFor(By.cssSelector(".problem")).getText();
        assertTrue(problem.contains("409"), problem);
        assertTrue(problem.contains("Move them elsewhere or delete them first"), problem);
        assertTrue(problem.contains("Ragtime"), "names the children: " + problem);
        browser.screenshot("story-5-category-has-children");

        given(api).when().get("/api/categories/jazz").then().statusCode(200);
    }

    @Test
    @Order(6)
    void story6SetStockAndSeeItInTheStorefrontView() throws Exception {
        String cart = given(api).when().post("/api/carts").then().statusCode(201).extract().path("id");
        given(api).contentType(ContentType.JSON).body(Map.of("sku", "moanin", "qty", 2))
                .when().post("/api/carts/" + cart + "/items").then().statusCode(200);

        signIn();
        browser.click("Stock");
        browser.waitForText(By.cssSelector("main h1"), "Stock");
        browser.type("SKU", "moanin");
        browser.click("Show stock");
        browser.waitForText(By.cssSelector("main h1"), "Stock of moanin");
        browser.waitFor(By.cssSelector("dd[data-figure='available']"));

        browser.type("Available units", "42");
        browser.click("Set stock");
        browser.waitForText(By.cssSelector("dd[data-figure='available']"), "42");
        browser.type("Units to add", "8");
        browser.click("Restock");
        browser.waitForText(By.cssSelector("dd[data-figure='available']"), "50");
        browser.waitForExactText("dd[data-figure='reserved']", "2");
        // Who holds them, and for how long: the cart above reserved them a moment ago.
        browser.waitForExactText("tr[data-band='0-5m'] td[data-figure='units']", "2");
        browser.waitForExactText("tr[data-band='0-5m'] td[data-figure='carts']", "1");
        browser.waitForExactText("tr[data-band='2h+'] td[data-figure='units']", "0");
        browser.screenshot("story-6-stock-set-and-restocked");
        browser.screenshot("stock");

        given(api).when().get("/api/inventory/moanin").then().statusCode(200)
                .body("available", equalTo(50))
                .body("reserved", equalTo(2));
    }

    @Test
    @Order(7)
    void story7RunExpiry() throws Exception {
        String cart = given(api).when().post("/api/carts").then().statusCode(201).extract().path("id");
        given(api).contentType(ContentType.JSON).body(Map.of("sku", "speed-1994", "qty", 1))
                .when().post("/api/carts/" + cart + "/items").then().statusCode(200);
        Thread.sleep((INACTIVE_AFTER_SECONDS + 1) * 1000L);

        signIn();
        browser.click("Jobs");
        browser.waitForText(By.cssSelector("main h1"), "Jobs");
        WebElement expiry = browser.waitFor(By.cssSelector("[data-job='expire-carts']"));
        expiry.findElement(By.xpath(".//button[normalize-space()='Run now']")).click();
        // Either API shape ends here: 200 with the counts, or 202 followed until the run is over.
        browser.waitUntil(d -> !d.findElements(By.cssSelector("[data-job='expire-carts'] .run[data-state='succeeded'], "
                + "[data-job='expire-carts'] .run[data-state='failed']")).isEmpty());
        assertEquals("succeeded", expiry.findElement(By.cssSelector(".run")).getDomAttribute("data-state"));
        int expired = Integer.parseInt(expiry.findElement(By.cssSelector("dd[data-count='expired']")).getText());
        assertTrue(expired >= 1, "the idle cart was counted: " + expired);
        assertTrue(expiry.getText().contains("Units returned to stock"), expiry.getText());

        // Recent runs: listed where the job-run API exists, explained where it does not.
        browser.waitUntil(d -> d.findElement(By.cssSelector("section.runs")).getDomAttribute("data-history") != null);
        String history = browser.driver.findElement(By.cssSelector("section.runs")).getDomAttribute("data-history");
        if (history.equals("available")) {
            browser.waitFor(By.xpath("//section[contains(@class,'runs')]//tr[@data-state='succeeded'][td[1][normalize-space()='Expire idle carts']]"));
        } else {
            assertEquals("unavailable", history);
        }
        browser.screenshot("story-7-expiry-run");

        given(api).when().get("/api/carts/" + cart).then().statusCode(200).body("status", equalTo("expired"));
    }

    @Test
    @Order(8)
    void story8SignInWithAWrongToken() throws Exception {
        signOutIfSignedIn();
        browser.open(console("#/products"));
        browser.waitForText(By.cssSelector("main h1"), "Sign in");

        tryToken("not-a-token");
        assertOutcome("wrong", "Wrong token", "This is not a token");
        browser.screenshot("story-8-wrong-token");

        tryToken(TestJwts.tokenOfAnotherIssuerKey());
        assertOutcome("wrong", "Wrong token", "not signed by this platform's key");

        tryToken(expiredToken());
        assertOutcome("expired", "Token expired", "./platform token");
        browser.screenshot("story-8-expired-token");

        tryToken(TestJwts.customerToken(platform.directory));
        assertOutcome("not-admin", "Not an admin token", "customer");
        browser.screenshot("story-8-not-an-admin-token");

        assertEquals(Map.of(), browser.sessionStorage(), "no refused token is kept");
        assertEquals("Sign in", browser.heading());
    }

    @Test
    @Order(9)
    void theConsoleFitsAPhoneScreen() throws Exception {
        // A product with variants, for its grid (a table that scrolls in its box, not the page).
        given(api).auth().oauth2(adminToken).contentType(ContentType.JSON)
                .body(Map.of("sku", "phone-tee", "type", "Apparel", "title", "Phone Tee",
                        "pricing", Map.of("currency", "USD", "list", 1500, "retail", 1500), "details", Map.of("brand", "Acme"),
                        "options", List.of(Map.of("name", "size", "values", List.of("S", "M")), Map.of("name", "colour", "values", List.of("black"))),
                        "variants", List.of(Map.of("sku", "phone-tee-s", "options", Map.of("size", "S", "colour", "black")),
                                Map.of("sku", "phone-tee-m", "options", Map.of("size", "M", "colour", "black")))))
                .when().post("/api/products").then().statusCode(201);
        signIn();
        browser.resize(Browser.PHONE);
        try {
            for (String[] page : new String[][] {
                    {"#/products", "Products"}, {"#/products/giant-steps", "Product giant-steps"}, {"#/products/phone-tee", "Product phone-tee"},
                    {"#/types", "Product types"}, {"#/categories/modal-jazz", "Categories"},
                    {"#/stock/giant-steps", "Stock of giant-steps"}, {"#/orders", "Orders"}, {"#/sales", "Sales"},
                    {"#/jobs", "Jobs"}, {"#/import", "Import and export"}}) {
                browser.open(console(page[0]));
                browser.waitForText(By.cssSelector("main h1"), page[1]);
                browser.waitUntil(d -> d.findElements(By.xpath("//main//*[normalize-space()='Loading…' or normalize-space()='Searching…']")).isEmpty());
                assertTrue(browser.driver.findElements(By.cssSelector("main .problem")).isEmpty(), page[0] + " shows a problem");
                assertFalse(browser.overflowsHorizontally(), page[0] + " is wider than a phone screen");
                browser.screenshot("phone-" + page[0].replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", ""));
            }
        } finally {
            browser.resize(Browser.DESKTOP);
        }
    }

    @Test
    @Order(10)
    void aTokenRefusedDuringTheSessionIsReplacedWithoutLosingWhatWasTyped() throws Exception {
        signIn();
        browser.open(console("#/stock/giant-steps"));
        browser.waitForText(By.cssSelector("main h1"), "Stock of giant-steps");
        browser.waitFor(By.cssSelector("dd[data-figure='available']"));
        int before = given(api).when().get("/api/inventory/giant-steps").then().statusCode(200).extract().path("available");
        browser.type("Units to add", "3");
        // The tab's token expires. Waiting for a real expiry would take over a minute (the services
        // allow 60 s of clock skew), so the tab is handed a token of this platform that expired an hour ago.
        browser.script("sessionStorage.setItem('shop-admin-token', arguments[0]);", expiredToken());
        browser.click("Restock");
        browser.waitForText(By.id("session-banner"), "Your token expired at");
        assertEquals("3", browser.byLabel("Units to add").getDomProperty("value"), "what was typed stays");
        browser.screenshot("session-token-expired-banner");

        browser.driver.findElement(By.id("renew-token")).sendKeys(adminToken);
        browser.click("Use this token");
        browser.waitUntil(d -> !d.findElement(By.id("session-banner")).isDisplayed());
        browser.click("Restock");
        browser.waitForText(By.id("notice"), "Restocked giant-steps with 3.");
        given(api).when().get("/api/inventory/giant-steps").then().statusCode(200).body("available", equalTo(before + 3));
    }

    @Test
    @Order(11)
    void pageThroughASearchWithTheCursorAndSeeABadFilterMarked() throws Exception {
        List<String> all = given(api).queryParam("limit", 100).when().get("/api/products")
                .then().statusCode(200).extract().path("items.sku");
        assertTrue(all.size() > 10, "the sample catalog has more than one page of 10");
        signIn();
        browser.choose("Per page", "10");
        browser.click("Search");
        browser.waitForText(By.cssSelector(".results [role='status']"), "10 products on this page");
        List<String> first = skusShown();
        browser.click("Next page");
        browser.waitForText(By.cssSelector(".results [role='status']"), "not the first page");
        List<String> second = skusShown();
        assertEquals(all.size() - 10, second.size());
        assertTrue(second.stream().noneMatch(first::contains), "no product twice: " + first + " " + second);
        assertEquals(all, Stream.concat(first.stream(), second.stream()).toList());
        browser.click("First page");
        browser.waitForText(By.cssSelector(".results [role='status']"), "10 products on this page.");
        assertEquals(first, skusShown());

        browser.type("Discount more than (%)", "200");
        browser.click("Search");
        browser.waitForText(By.cssSelector(".problem"), "minSavingsPct");
        WebElement discount = browser.byLabel("Discount more than (%)");
        assertEquals("true", discount.getDomAttribute("aria-invalid"));
        browser.screenshot("search-filter-problem");
    }

    @Test
    @Order(12)
    void addRenameReslugAVerifyAndRepairTheTree() throws Exception {
        signIn();
        browser.open(console("#/categories/rock"));
        browser.waitForText(By.cssSelector("#detail-heading"), "Rock");
        browser.type("Name of the subcategory", "Prog Rock");
        assertEquals("prog-rock", browser.byLabel("Slug", 1).getDomProperty("value"), "the slug is suggested from the name");
        browser.click("Add subcategory");
        browser.waitForText(By.cssSelector("#detail-heading"), "Prog Rock");
        assertEquals(List.of("All categories", "Music", "Rock", "Prog Rock"), breadcrumbs());

        browser.type("Name", "Progressive Rock");
        browser.click("Rename");
        browser.waitForText(By.cssSelector("#detail-heading"), "Progressive Rock");
        browser.byLabel("Slug", 0).clear();
        browser.byLabel("Slug", 0).sendKeys("progressive-rock");
        browser.click("Change slug");
        browser.waitForText(By.id("notice"), "The slug is now progressive-rock");
        browser.waitFor(By.cssSelector(".tree a[data-slug='progressive-rock'][aria-current='page']"));

        browser.click("Verify the tree");
        browser.waitForText(By.cssSelector(".check-result"), "The tree is consistent");
        browser.click("Repair the tree");
        browser.waitForText(By.cssSelector(".check-result"), "Repair: 0 categories fixed");
        browser.screenshot("categories-verify-and-repair");

        given(api).when().get("/api/categories/progressive-rock").then().statusCode(200)
                .body("name", equalTo("Progressive Rock"))
                .body("parent", equalTo("rock"));
    }

    @Test
    @Order(13)
    void deleteAProductAfterConfirming() throws Exception {
        given(api).header("Authorization", "Bearer " + adminToken).contentType(ContentType.JSON)
                .body(Map.of("sku", "to-delete", "type", "Film", "title", "A Film To Delete",
                        "pricing", Map.of("currency", "USD", "list", 500, "retail", 500),
                        "details", Map.of("director", List.of("Nobody"), "genre", List.of("Drama"), "issue_date", "2001-01-01")))
                .when().post("/api/products").then().statusCode(201);
        signIn();
        browser.open(console("#/products/to-delete"));
        browser.waitForText(By.cssSelector("main h1"), "Product to-delete");
        browser.click("Delete product…");
        browser.waitForText(By.cssSelector("dialog[open]"), "A Film To Delete");
        browser.click("Cancel");
        given(api).when().get("/api/products/to-delete").then().statusCode(200);

        browser.click("Delete product…");
        browser.waitFor(By.cssSelector("dialog[open]"));
        browser.click("Delete product");
        browser.waitForText(By.id("notice"), "Deleted to-delete.");
        browser.waitForText(By.cssSelector("main h1"), "Products");
        given(api).when().get("/api/products/to-delete").then().statusCode(404);
    }

    /**
     * Story 9 (run last: it only adds products of its own). Three films in a file, the second of an
     * undeclared type: the run is followed to 100%, the rejects table names line 2 with the problem the
     * single-product API gives, the two good lines are products; then the export downloads them.
     */
    @Test
    @Order(14)
    void story9ImportProductsWithABadLineAndExportThem() throws Exception {
        Path directory = Path.of("target", "admin-console-import").toAbsolutePath();
        LocalPlatform.deleteRecursively(directory);
        Path downloads = Files.createDirectories(directory.resolve("downloads"));
        ObjectMapper json = new ObjectMapper();
        Map<String, Object> hologram = new LinkedHashMap<>(film("import-story-hologram", "A Hologram", "Nobody"));
        hologram.put("type", "Hologram");
        Path file = directory.resolve("films-with-a-bad-line.ndjson");
        Files.writeString(file, json.writeValueAsString(film("import-story-heat", "Heat", "Michael Mann")) + "\n"
                + json.writeValueAsString(hologram) + "\n"
                + json.writeValueAsString(film("import-story-ronin", "Ronin", "John Frankenheimer")) + "\n");

        signIn();
        browser.click("Import");
        browser.waitForText(By.cssSelector("main h1"), "Import and export");
        browser.byLabel("NDJSON file").sendKeys(file.toString());
        browser.click("Import products");
        // Followed every half second until it ends, whatever its state.
        browser.waitUntil(d -> !d.findElements(By.cssSelector(
                ".import-run[data-state='succeeded'], .import-run[data-state='failed']")).isEmpty());
        WebElement run = browser.driver.findElement(By.cssSelector(".import-run"));
        String runId = run.getDomAttribute("data-run");
        assertEquals("succeeded", run.getDomAttribute("data-state"), run.getText());
        assertEquals("100", run.findElement(By.tagName("progress")).getDomProperty("value"));
        assertEquals("100%", run.findElement(By.cssSelector("[data-figure='percent']")).getText());
        Map<String, String> counts = new LinkedHashMap<>();
        for (WebElement count : run.findElements(By.cssSelector("dd[data-count]"))) {
            counts.put(count.getDomAttribute("data-count"), count.getText());
        }
        assertEquals(Map.of("read", "3", "created", "2", "updated", "0", "unchanged", "0", "rejected", "1"), counts);

        WebElement reject = browser.waitFor(By.cssSelector(".rejects tr[data-line='2']"));
        String rejectText = reject.getText();
        assertTrue(rejectText.contains("import-story-hologram"), rejectText);
        assertTrue(rejectText.contains("invalid-field"), rejectText);
        assertTrue(rejectText.contains("Unknown product type 'Hologram'"), rejectText);
        assertEquals("type", reject.findElement(By.cssSelector("td:last-child")).getText());
        assertEquals(1, browser.driver.findElements(By.cssSelector(".rejects tr[data-line]")).size(), "only the bad line");
        assertTrue(browser.driver.getCurrentUrl().endsWith("#/import/products/" + runId), browser.driver.getCurrentUrl());
        browser.waitFor(By.cssSelector("section.runs tr[data-run='" + runId + "'][data-state='succeeded']"));
        browser.screenshot("story-9-import-with-a-bad-line");
        browser.resize(new org.openqa.selenium.Dimension(1280, 1300));
        browser.screenshot("import");
        browser.resize(Browser.DESKTOP);

        given(api).when().get("/api/products/import-story-heat").then().statusCode(200)
                .body("type", equalTo("Film")).body("title", equalTo("Heat")).body("pricing.retail", equalTo(1299));
        given(api).when().get("/api/products/import-story-ronin").then().statusCode(200).body("title", equalTo("Ronin"));
        given(api).when().get("/api/products/import-story-hologram").then().statusCode(404);
        given(api).header("Authorization", "Bearer " + adminToken).when().get("/api/admin/catalog/imports/" + runId)
                .then().statusCode(200)
                .body("state", equalTo("succeeded"))
                .body("kind", equalTo("import-products")).body("labels.trigger", equalTo("manual"))
                .body("counts.read", equalTo(3)).body("counts.created", equalTo(2)).body("counts.rejected", equalTo(1))
                .body("counts.bytes_read", equalTo((int) Files.size(file))).body("counts.bytes_total", equalTo((int) Files.size(file)));
        given(api).header("Authorization", "Bearer " + adminToken).when().get("/api/admin/catalog/imports/" + runId + "/rejects")
                .then().statusCode(200)
                .body("items.line", contains(2))
                .body("items[0].problem.field", equalTo("type"));

        // The export, saved where the story says (chromedriver's own command for it: no DevTools
        // connection is opened), not in the home folder.
        browser.driver.executeCdpCommand("Browser.setDownloadBehavior",
                Map.of("behavior", "allow", "downloadPath", downloads.toString()));
        browser.click("Export products");
        browser.waitForText(By.cssSelector(".export-status"), "Exported");
        browser.waitUntil(d -> downloaded(downloads) != null);
        Path exported = downloaded(downloads);
        assertTrue(exported.getFileName().toString().matches("products-\\d{4}-\\d{2}-\\d{2}\\.ndjson"), exported.toString());
        List<String> lines = Files.readAllLines(exported);
        assertTrue(lines.stream().anyMatch(line -> line.contains("\"import-story-heat\"")), "the imported films are exported");
        assertTrue(lines.stream().anyMatch(line -> line.contains("\"import-story-ronin\"")));
        assertTrue(lines.stream().anyMatch(line -> line.contains("\"kind-of-blue\"")), "and the sample store");
        assertFalse(lines.stream().anyMatch(line -> line.contains("import-story-hologram")));
        String exportStatus = browser.driver.findElement(By.cssSelector(".export-status")).getText();
        assertTrue(exportStatus.contains("Exported " + lines.size() + " products"), exportStatus + " vs " + lines.size() + " lines");
    }

    private static Map<String, Object> film(String sku, String title, String director) {
        return Map.of("sku", sku, "type", "Film", "title", title,
                "pricing", Map.of("currency", "USD", "list", 1599, "retail", 1299),
                "details", Map.of("director", List.of(director), "genre", List.of("Crime"), "issue_date", "1995-12-15"));
    }

    /** The finished download in the folder (Chromium writes a .crdownload first and renames it at the end). */
    private static Path downloaded(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".ndjson")).findFirst().orElse(null);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> skusShown() {
        return browser.driver.findElements(By.cssSelector("table.products tbody tr")).stream()
                .map(row -> row.getDomAttribute("data-sku")).toList();
    }

    /** A token of this platform that expired an hour ago (well past the services' 60 s clock skew). */
    private static String expiredToken() throws Exception {
        return platform.run(Map.of("PLATFORM_TOKEN_TTL", "-3600"), "token").trim();
    }

    private static String console(String hash) {
        return platform.gatewayUrl() + "/admin/" + hash;
    }

    /**
     * A drop watched from the console: the sku's page charts its stock live while the sku sells out
     * through the API, and the stock overview then lists it among the least available, at 0.
     */
    @Test
    @Order(15)
    void story10WatchASkuSellOutOnItsLiveChartAndInTheOverview() throws Exception {
        String sku = "led-zeppelin-iv";
        given(api).auth().oauth2(adminToken).contentType(ContentType.JSON).body(Map.of("qty", 3))
                .when().put("/api/inventory/" + sku).then().statusCode(200);
        signIn();
        browser.open(console("#/stock/" + sku));
        browser.waitForText(By.cssSelector("main h1"), "Stock of " + sku);
        By chart = By.cssSelector("figure.stock-chart[data-available='3']");
        browser.waitFor(chart);
        int samplesBefore = Integer.parseInt(browser.waitFor(By.cssSelector("figure.stock-chart")).getAttribute("data-samples"));

        String cart = given(api).when().post("/api/carts").then().statusCode(201).extract().path("id");
        given(api).contentType(ContentType.JSON).body(Map.of("sku", sku, "qty", 3))
                .when().post("/api/carts/" + cart + "/items").then().statusCode(200);
        given(api).contentType(ContentType.JSON).header("Idempotency-Key", "drop-story")
                .body(Map.of("payment", Map.of("method", "card", "simulate", "approve")))
                .when().post("/api/carts/" + cart + "/checkout").then().statusCode(200);

        browser.waitFor(By.cssSelector("figure.stock-chart[data-available='0'][data-sold]"));
        var drawn = browser.waitFor(By.cssSelector("figure.stock-chart"));
        assertTrue(Integer.parseInt(drawn.getAttribute("data-samples")) > samplesBefore, "the chart kept sampling");
        assertTrue(Integer.parseInt(drawn.getAttribute("data-sold")) >= 3, "the sale is on the chart");
        // Every figure on the page is the chart's newest sample: the cards, the legend, the age bands.
        @SuppressWarnings("unchecked")
        Map<String, String> figures = (Map<String, String>) browser.script("""
                const chart = document.querySelector('figure.stock-chart');
                const text = selector => document.querySelector(selector).textContent;
                return {chart: [chart.dataset.available, chart.dataset.reserved, chart.dataset.sold].join(' '),
                        cards: ['available', 'reserved', 'sold'].map(f => text(`dd[data-figure='${f}']`)).join(' '),
                        legend: ['available', 'reserved', 'sold'].map(f => text(`.chart-legend [data-figure='${f}']`)).join(' · '),
                        held: text('.held-by-age .hint')};""");
        String[] latest = figures.get("chart").split(" ");
        assertEquals("0", latest[0]);
        assertEquals(figures.get("chart"), figures.get("cards"), "the cards show the chart's sample: " + figures);
        assertEquals("available: " + latest[0] + " · reserved: " + latest[1] + " · sold: " + latest[2], figures.get("legend"));
        assertTrue(figures.get("held").contains("hold " + latest[1] + " unit(s); " + latest[2] + " sold"), figures.toString());
        // Its axes: units up from 0, clock times along, each titled (read at once: the chart is redrawn every sample).
        @SuppressWarnings("unchecked")
        Map<String, List<String>> axes = (Map<String, List<String>>) browser.script("""
                const texts = selector => [...document.querySelectorAll('figure.stock-chart ' + selector)].map(t => t.textContent);
                return {units: texts('.axis-y .tick-label'), unitTitle: texts('.axis-y .axis-title'),
                        times: texts('.axis-x .tick-label'), timeTitle: texts('.axis-x .axis-title')};""");
        List<String> units = axes.get("units");
        assertEquals("0", units.get(0), units.toString());
        assertTrue(Integer.parseInt(units.get(units.size() - 1)) >= Integer.parseInt(latest[2]), "the scale reaches the sold units: " + units);
        assertEquals(List.of("units"), axes.get("unitTitle"));
        List<String> times = axes.get("times");
        assertFalse(times.isEmpty(), "times along the bottom");
        assertTrue(times.stream().allMatch(time -> time.matches("\\d{2}:\\d{2}(:\\d{2})?")), times.toString());
        assertEquals(List.of("time"), axes.get("timeTitle"));
        browser.screenshot("stock-drop");

        browser.open(console("#/stock"));
        var row = browser.waitFor(By.cssSelector("[data-list='least-available'] tr[data-sku='" + sku + "']"));
        assertEquals("0", row.findElement(By.cssSelector("td[data-figure='available']")).getText());
        for (var figure : browser.waitFor(By.cssSelector("[data-list='least-available']"))
                .findElements(By.cssSelector("td[data-figure='available']"))) {
            assertEquals("0", figure.getText(), "no sku with more available is listed before the sold-out ones");
            if (figure.findElement(By.xpath("..")).getAttribute("data-sku").equals(sku)) {
                break;
            }
        }
        browser.screenshot("stock-overview");
    }

    /**
     * Story 11, the search's facets: the counts beside the filters are the catalog's own (counted here
     * from every product the API lists); ticking a genre shrinks the list to that genre and changes the
     * other facets' counts, not the genre's own (disjunctive), a second genre widens it again; a
     * misspelled name typed in the search box finds the right albums as one types, in the API's
     * relevance order; Back undoes the second genre and the text; the category facet goes down the tree.
     */
    @Test
    @Order(16)
    void story11NarrowTheSearchWithFacetCountsAndSearchAsYouType() throws Exception {
        List<Map<String, Object>> catalog = allProducts();
        List<Map<String, Object>> roots = given(api).queryParam("tree", true).when().get("/api/categories")
                .then().statusCode(200).extract().path("roots");
        signIn();
        browser.open(console("#/products"));
        waitForResults(query -> !query.contains("genre="));

        // The counts beside the filters: those of the whole catalog.
        assertFacetCounts(catalog, catalog, List.of(), roots);
        assertTrue(resultStatus().startsWith(catalog.size() + " products match."), resultStatus());
        for (WebElement bucket : browser.driver.findElements(By.cssSelector("li[data-facet='price']"))) {
            assertEquals(priceLabel(bucket.getDomAttribute("data-value")),
                    bucket.findElement(By.cssSelector(".facet-label")).getDomProperty("textContent"), "a price range in money");
        }

        // Tick a genre: the list shrinks to it, the other facets count within it, the genre facet stays.
        List<Map<String, Object>> hardBop = withGenre(catalog, "Hard Bop");
        assertTrue(!hardBop.isEmpty() && hardBop.size() < catalog.size(), "the sample store has some Hard Bop, not only");
        facetValue("genre", "Hard Bop").findElement(By.tagName("input")).click();
        waitForResults(query -> query.contains("genre=Hard Bop"));
        assertEquals(sortedSkus(hardBop), skusShown());
        assertFacetCounts(hardBop, catalog, List.of("Hard Bop"), roots);
        assertTrue(resultStatus().startsWith(hardBop.size() + " products match."), resultStatus());
        assertTrue(facetValue("genre", "Hard Bop").findElement(By.tagName("input")).isSelected());
        assertTrue(browser.driver.getCurrentUrl().endsWith("#/products?genre=Hard+Bop"), browser.driver.getCurrentUrl());
        browser.resize(new org.openqa.selenium.Dimension(1280, 1600));
        browser.script("window.scrollTo(0, 0);");
        browser.screenshot("product-search");
        browser.resize(Browser.DESKTOP);

        // A second genre: either of them.
        List<Map<String, Object>> either = withGenre(catalog, "Hard Bop", "Free Jazz");
        assertTrue(either.size() > hardBop.size(), "Free Jazz adds albums");
        facetValue("genre", "Free Jazz").findElement(By.tagName("input")).click();
        waitForResults(query -> query.contains("genre=Hard Bop") && query.contains("genre=Free Jazz"));
        assertEquals(sortedSkus(either), skusShown());
        assertFacetCounts(either, catalog, List.of("Hard Bop", "Free Jazz"), roots);

        // Search as you type, one typo forgiven: 'coltrain' finds the albums that name Coltrane.
        WebElement searchBox = browser.byLabel("Search text");
        searchBox.sendKeys("coltrain");
        waitForResults(query -> query.contains("q=coltrain"));
        List<Map<String, Object>> coltrane = catalog.stream().filter(p -> mentions(p, "coltrane")).toList();
        List<Map<String, Object>> found = either.stream().filter(coltrane::contains).toList();
        assertFalse(found.isEmpty(), "the sample store has Coltrane albums");
        assertEquals(sortedSkus(found), skusShown().stream().sorted().toList());
        List<String> relevanceOrder = given(api).queryParam("q", "coltrain").queryParam("genre", "Hard Bop", "Free Jazz")
                .when().get("/api/products").then().statusCode(200).extract().path("items.sku");
        assertEquals(relevanceOrder, skusShown(), "best match first, as the API ranks them");
        assertFacetCounts(found, coltrane, List.of("Hard Bop", "Free Jazz"), roots);
        assertEquals(searchBox, browser.driver.switchTo().activeElement(), "the box keeps the focus while the results change");
        assertEquals("coltrain", searchBox.getDomProperty("value"));

        // Back: the step before the second genre (the typing replaced that step, it added none).
        browser.driver.navigate().back();
        waitForResults(query -> query.contains("genre=Hard Bop") && !query.contains("Free Jazz") && !query.contains("q="));
        assertEquals(sortedSkus(hardBop), skusShown());

        // The category facet lists the roots; picking one lists its children, each counted over its subtree.
        Map<String, Object> music = roots.stream().filter(root -> "music".equals(root.get("slug"))).findFirst().orElseThrow();
        facetValue("category", "music").findElement(By.tagName("button")).click();
        waitForResults(query -> query.contains("category=music"));
        assertEquals("music", browser.byLabel("Category (with its subcategories)").getDomProperty("value"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> children = (List<Map<String, Object>>) music.get("children");
        assertEquals(categoryCounts(hardBop, children), facetShown("category"));
    }

    /**
     * Story 12, the variant grid (issue 58): an Apparel tee in sizes S and M gets a size L with a price
     * of its own and a size XL; a variant sku another product has is marked on its row and nothing is
     * saved; then the prices and the stock of every variant are saved, and after a reload the grid
     * shows them, as the API does; XL is retired and stays so through the next save. A variant's stock
     * page and the stock overview name it with its product.
     */
    @Test
    @Order(17)
    void story12EditTheSizesPricesAndStockOfAnApparelProductInTheVariantGrid() throws Exception {
        given(api).auth().oauth2(adminToken).contentType(ContentType.JSON)
                .body(Map.of("sku", "story-tee", "type", "Apparel", "title", "Story Tee",
                        "pricing", Map.of("currency", "USD", "list", 2500, "retail", 2000),
                        "details", Map.of("brand", "Acme"),
                        "options", List.of(Map.of("name", "size", "values", List.of("S", "M"))),
                        "variants", List.of(Map.of("sku", "story-tee-s", "options", Map.of("size", "S")),
                                Map.of("sku", "story-tee-m", "options", Map.of("size", "M")))))
                .when().post("/api/products").then().statusCode(201);
        given(api).auth().oauth2(adminToken).contentType(ContentType.JSON).body(Map.of("qty", 5))
                .when().put("/api/inventory/story-tee-s").then().statusCode(200);

        signIn();
        browser.open(console("#/products/story-tee"));
        browser.waitForText(By.cssSelector("main h1"), "Product story-tee");
        browser.waitFor(By.cssSelector("table.variants tr[data-sku='story-tee-m']"));
        assertEquals(List.of("story-tee-s", "story-tee-m"), gridValues("sku"));
        assertEquals(List.of("5", ""), gridValues("stock"), "the stock of each variant sku, none yet for M");
        assertEquals(List.of("Size"), browser.driver.findElements(By.cssSelector(".option-row strong")).stream()
                .map(WebElement::getText).toList());

        // A size from the type's closed list: L, then XL, each a new row with a sku made from the key.
        assertEquals(List.of("", "XS", "L", "XL", "XXL"), new Select(browser.byLabel("Add a size")).getOptions().stream()
                .map(o -> o.getDomProperty("value")).toList(), "only the type's sizes the product has not");
        browser.choose("Add a size", "L");
        browser.click("Add size");
        browser.waitFor(By.cssSelector("table.variants tbody tr:nth-child(3)[data-state='new']"));
        browser.choose("Add a size", "XL");
        browser.click("Add size");
        browser.waitFor(By.cssSelector("table.variants tbody tr:nth-child(4)[data-state='new']"));
        assertEquals(List.of("story-tee-s", "story-tee-m", "story-tee-l", "story-tee-xl"), gridValues("sku"));
        assertEquals(List.of("S", "M", "L", "XL"), gridValues("size"));
        assertEquals("25.00", gridCell(2, "list").getDomAttribute("placeholder"), "an empty price is the product's");

        typeInto(gridCell(1, "retail"), "18.00");
        typeInto(gridCell(2, "list"), "27.00");
        typeInto(gridCell(2, "retail"), "24.50");
        typeInto(gridCell(0, "stock"), "12");
        typeInto(gridCell(1, "stock"), "8");
        typeInto(gridCell(2, "stock"), "3");
        typeInto(gridCell(3, "stock"), "0");

        // A sku another product has: refused on its row, and nothing is saved, not even the stock.
        typeInto(gridCell(3, "sku"), "kind-of-blue");
        browser.click("Save changes");
        browser.waitForText(By.cssSelector(".problem"), "variants[3].sku");
        WebElement taken = gridCell(3, "sku");
        browser.waitUntil(d -> "true".equals(taken.getDomAttribute("aria-invalid")));
        assertTrue(taken.findElement(By.xpath("following-sibling::p[@class='field-error']")).getText().contains("kind-of-blue"));
        browser.screenshot("story-12-variant-sku-taken");
        given(api).when().get("/api/products/story-tee").then().statusCode(200)
                .body("version", equalTo(1)).body("variants.sku", contains("story-tee-s", "story-tee-m"));
        given(api).when().get("/api/inventory/story-tee-s").then().body("available", equalTo(5));

        typeInto(gridCell(3, "sku"), "story-tee-xl");
        browser.click("Save changes");
        browser.waitForText(By.id("notice"), "Saved story-tee (version 2), with the stock of 4 SKUs.");

        // After a reload the grid shows what was saved.
        browser.driver.navigate().refresh();
        browser.waitFor(By.cssSelector("table.variants tr[data-sku='story-tee-xl']"));
        assertEquals(List.of("story-tee-s", "story-tee-m", "story-tee-l", "story-tee-xl"), gridValues("sku"));
        assertEquals(List.of("saved", "saved", "saved", "saved"), browser.driver.findElements(By.cssSelector("table.variants tbody tr"))
                .stream().map(row -> row.getDomAttribute("data-state")).toList());
        assertEquals(List.of("", "25.00", "27.00", ""), gridValues("list"), "M's own price keeps its list price");
        assertEquals(List.of("", "18.00", "24.50", ""), gridValues("retail"));
        assertEquals(List.of("12", "8", "3", "0"), gridValues("stock"));
        browser.resize(new org.openqa.selenium.Dimension(1280, 1900));
        browser.script("document.querySelector('.variant-grid').scrollIntoView();");
        browser.screenshot("variant-grid");
        browser.resize(Browser.DESKTOP);

        given(api).when().get("/api/products/story-tee").then().statusCode(200)
                .body("version", equalTo(2))
                .body("options[0].values", contains("S", "M", "L", "XL"))
                .body("variants.sku", contains("story-tee-s", "story-tee-m", "story-tee-l", "story-tee-xl"))
                .body("variants.pricing.list", contains(2500, 2500, 2700, 2500))
                .body("variants.pricing.retail", contains(2000, 1800, 2450, 2000));
        Map<String, Integer> stock = new LinkedHashMap<>();
        for (String sku : List.of("story-tee-s", "story-tee-m", "story-tee-l", "story-tee-xl")) {
            stock.put(sku, given(api).when().get("/api/inventory/" + sku).then().statusCode(200).extract().path("available"));
        }
        assertEquals(Map.of("story-tee-s", 12, "story-tee-m", 8, "story-tee-l", 3, "story-tee-xl", 0), stock);

        // Retire XL (asked first), then save more stock: the save starts from the retirement's version and keeps XL retired.
        gridCell(3, "sku").findElement(By.xpath("ancestor::tr//button[normalize-space()='Retire…']")).click();
        browser.waitForText(By.cssSelector("dialog[open]"), "Retire story-tee-xl?");
        browser.click("Retire variant");
        browser.waitForText(By.id("notice"), "Retired story-tee-xl (version 3).");
        browser.waitFor(By.cssSelector("table.variants tr[data-sku='story-tee-xl'][data-state='retired']"));
        typeInto(gridCell(2, "stock"), "4");
        browser.click("Save changes");
        browser.waitForText(By.id("notice"), "Saved story-tee (version 4), with the stock of 1 SKU.");
        browser.waitFor(By.cssSelector("table.variants tr[data-sku='story-tee-xl'][data-state='retired']"));
        given(api).when().get("/api/products/story-tee").then().statusCode(200)
                .body("version", equalTo(4))
                .body("variants.find { it.sku == 'story-tee-xl' }.retired", equalTo(true))
                .body("variants.findAll { it.retired != true }.sku", contains("story-tee-s", "story-tee-m", "story-tee-l"));
        given(api).when().get("/api/inventory/story-tee-l").then().body("available", equalTo(4));

        // The stock pages name a variant's sku with its product and its size.
        browser.open(console("#/stock/story-tee-l"));
        browser.waitForText(By.cssSelector(".stock-panel"), "Story Tee — size L");
        browser.open(console("#/stock"));
        // L's 4 units are among the sample store's fewest (its least stocked sku has 5).
        WebElement large = browser.waitFor(By.cssSelector("[data-list='least-available'] tr[data-sku='story-tee-l']"));
        assertEquals("Story Tee (size L)", large.findElement(By.cssSelector("td[data-product]")).getText());
        assertEquals("size L", large.findElement(By.cssSelector("td[data-product]")).getDomAttribute("data-variant"));
        browser.screenshot("story-12-stock-overview-names-variants");
        // Read at once: the overview is redrawn every 5 s, which would leave elements found before it stale.
        @SuppressWarnings("unchecked")
        List<List<String>> listed = (List<List<String>>) browser.script(
                "return [...document.querySelectorAll('.stock-overview tbody tr')]"
                        + ".map(row => [row.dataset.sku, row.querySelector('td[data-product]').innerText.trim()]);");
        assertFalse(listed.isEmpty());
        for (List<String> row : listed) {
            assertEquals(productName(row.get(0)), row.get(1), row.get(0));
        }
    }

    /** How the stock overview names a sku, from the API: its product's title, a variant's option values in the product's order. */
    private static String productName(String sku) {
        io.restassured.response.Response answer = given(api).when().get("/api/products/" + sku);
        if (answer.statusCode() == 404) {
            return "No product";
        }
        JsonPath product = answer.then().statusCode(200).extract().jsonPath();
        List<String> options = product.getList("options.name", String.class);
        Map<String, String> values = product.getMap("variants.find { it.sku == '" + sku + "' }.options", String.class, String.class);
        String variant = options.stream().filter(name -> values != null && values.get(name) != null)
                .map(name -> name + " " + values.get(name)).collect(java.util.stream.Collectors.joining(", "));
        boolean retired = Boolean.TRUE.equals(product.get("variants.find { it.sku == '" + sku + "' }.retired"));
        return product.getString("title") + (variant.isEmpty() ? "" : " (" + variant + ")") + (retired ? ", retired" : "");
    }

    /**
     * A new Apparel product made in sizes from the form, started from the type's options in the types
     * list: the option added, then M (which the one variant takes, sold under the key) and L (a variant
     * of its own); created with its stock per sku.
     */
    @Test
    @Order(18)
    void createAnApparelProductInSizesWithTheirStock() throws Exception {
        signIn();
        browser.click("Product types");
        WebElement apparel = browser.waitFor(By.cssSelector("tr[data-type='Apparel']"));
        assertEquals("size XS, S, M, L, XL, XXL\ncolour any value", apparel.findElement(By.cssSelector("td[data-options]")).getText());
        browser.click("New Apparel");
        browser.waitForText(By.cssSelector("main h1"), "New product");
        browser.waitFor(By.cssSelector("table.variants tbody tr"));
        browser.type("SKU", "story-hoodie");
        browser.type("Title", "Story Hoodie");
        browser.type("List price", "40.00");
        browser.type("Selling price", "35.00");
        browser.type("Brand", "Acme");
        browser.choose("Add an option", "Size");
        browser.click("Add option");
        browser.choose("Add a size", "M");
        browser.click("Add size");
        browser.choose("Add a size", "L");
        browser.click("Add size");
        browser.waitFor(By.cssSelector("table.variants tbody tr:nth-child(2)"));
        assertEquals(List.of("story-hoodie", "story-hoodie-l"), gridValues("sku"));
        assertEquals(List.of("M", "L"), gridValues("size"));
        typeInto(gridCell(0, "stock"), "6");
        typeInto(gridCell(1, "stock"), "2");
        browser.click("Create product");

        browser.waitForText(By.cssSelector("main h1"), "Product story-hoodie");
        browser.waitFor(By.cssSelector("table.variants tr[data-sku='story-hoodie-l']"));
        assertEquals(List.of("6", "2"), gridValues("stock"));
        given(api).when().get("/api/products/story-hoodie").then().statusCode(200)
                .body("options[0].values", contains("M", "L"))
                .body("variants.sku", contains("story-hoodie", "story-hoodie-l"));
        given(api).when().get("/api/inventory/story-hoodie-l").then().statusCode(200).body("available", equalTo(2));
    }

    /**
     * The grid after a conflict: a second tab changes one variant's price while the first had
     * changed another's; "keep my changes" lays the second tab's grid over the new version, by sku.
     */
    @Test
    @Order(19)
    void keepMyVariantChangesAfterAConflict() throws Exception {
        given(api).auth().oauth2(adminToken).contentType(ContentType.JSON)
                .body(Map.of("sku", "conflict-tee", "type", "Apparel", "title", "Conflict Tee",
                        "pricing", Map.of("currency", "USD", "list", 1500, "retail", 1500),
                        "details", Map.of("brand", "Acme"),
                        "options", List.of(Map.of("name", "size", "values", List.of("S", "M"))),
                        "variants", List.of(Map.of("sku", "conflict-tee-s", "options", Map.of("size", "S")),
                                Map.of("sku", "conflict-tee-m", "options", Map.of("size", "M")))))
                .when().post("/api/products").then().statusCode(201);
        signIn();
        String first = browser.driver.getWindowHandle();
        browser.open(console("#/products/conflict-tee"));
        browser.waitFor(By.cssSelector("table.variants tr[data-sku='conflict-tee-m']"));
        browser.driver.switchTo().newWindow(WindowType.TAB);
        browser.open(console("#/products/conflict-tee"));
        browser.waitForText(By.cssSelector("main h1"), "Sign in");
        browser.type("Admin token", adminToken);
        browser.click("Sign in");
        browser.waitFor(By.cssSelector("table.variants tr[data-sku='conflict-tee-m']"));

        browser.driver.switchTo().window(first);
        typeInto(gridCell(1, "retail"), "12.00");
        browser.click("Save changes");
        browser.waitForText(By.id("notice"), "Saved conflict-tee (version 2)");
        browser.driver.close();
        browser.driver.switchTo().window(browser.driver.getWindowHandles().iterator().next());

        typeInto(gridCell(0, "list"), "18.00");
        browser.click("Save changes");
        browser.waitForText(By.cssSelector(".conflict"), "This product changed while you were editing it");
        browser.click("Load the new version and keep my changes");
        browser.waitForText(By.cssSelector(".notice-inline"), "Version 2 is loaded with your changes on top");
        assertEquals(List.of("18.00", "15.00"), gridValues("list"), "mine on S; M's own price came in with its list price");
        assertEquals(List.of("", "12.00"), gridValues("retail"));
        browser.click("Save changes");
        browser.waitForText(By.id("notice"), "Saved conflict-tee (version 3)");
        given(api).when().get("/api/products/conflict-tee").then().statusCode(200)
                .body("variants.pricing.list", contains(1800, 1500))
                .body("variants.pricing.retail", contains(1500, 1200));
    }

    /**
     * Story 13, the orders: three orders of a tee placed through the storefront API are listed newest
     * first; the status and sku filters (kept in the address) narrow the list, its pages go forward and
     * back; an order shows its lines as sold with their options, prices and totals; one is fulfilled,
     * another cancelled (its unit back in stock), each after a confirmation; a cancel of an order
     * fulfilled behind the page's back is refused with the platform's 409, and the page then shows the
     * order as it is. The export saves the orders the filters select.
     */
    @Test
    @Order(20)
    void story13ListFilterAndOpenOrdersThenFulfilOneCancelAnotherAndSeeTheRefusal() throws Exception {
        given(api).auth().oauth2(adminToken).contentType(ContentType.JSON)
                .body(Map.of("sku", "order-tee", "type", "Apparel", "title", "Order Tee",
                        "pricing", Map.of("currency", "USD", "list", 2500, "retail", 1999),
                        "details", Map.of("brand", "Acme"),
                        "options", List.of(Map.of("name", "size", "values", List.of("S", "M"))),
                        "variants", List.of(Map.of("sku", "order-tee-s", "options", Map.of("size", "S")),
                                Map.of("sku", "order-tee-m", "options", Map.of("size", "M")))))
                .when().post("/api/products").then().statusCode(201);
        for (String sku : List.of("order-tee-s", "order-tee-m")) {
            given(api).auth().oauth2(adminToken).contentType(ContentType.JSON).body(Map.of("qty", 10))
                    .when().put("/api/inventory/" + sku).then().statusCode(200);
        }
        long first = placeOrder("order-tee-m", 2, "orders-story-1");
        long second = placeOrder("order-tee-s", 1, "orders-story-2");
        long third = placeOrder("order-tee-m", 1, "orders-story-3");

        signIn();
        browser.click("Orders");
        browser.waitForText(By.cssSelector("main h1"), "Orders");
        browser.waitFor(By.cssSelector("table.orders tr[data-number='" + third + "']"));
        List<Long> newest = ordersShown();
        assertTrue(newest.indexOf(third) < newest.indexOf(second) && newest.indexOf(second) < newest.indexOf(first),
                "newest first: " + newest);

        browser.choose("Status", "placed");
        browser.type("SKU", "order-tee-m");
        browser.click("Filter");
        browser.waitUntil(d -> "status=placed&sku=order-tee-m".equals(
                d.findElement(By.cssSelector(".orders-results")).getDomAttribute("data-query")));
        assertEquals(List.of(third, first), ordersShown(), "only the placed orders of the M tee, newest first");
        assertTrue(browser.driver.getCurrentUrl().endsWith("#/orders?status=placed&sku=order-tee-m"), browser.driver.getCurrentUrl());
        assertEquals("placed", new Select(browser.byLabel("Status")).getFirstSelectedOption().getAttribute("value"), "the form keeps the filter");
        browser.screenshot("orders");

        // A page at a time, forward and back, the cursors in the address.
        browser.open(console("#/orders?sku=order-tee-m&limit=1"));
        browser.waitUntil(d -> ordersShown().equals(List.of(third)));
        browser.click("Next page");
        browser.waitUntil(d -> ordersShown().equals(List.of(first)));
        assertTrue(browser.driver.getCurrentUrl().contains("cursor="), browser.driver.getCurrentUrl());
        browser.click("Previous page");
        browser.waitUntil(d -> ordersShown().equals(List.of(third)));
        browser.driver.navigate().back();
        browser.waitUntil(d -> ordersShown().equals(List.of(first)));

        // One order: its lines as sold, fulfilled after a confirmation.
        browser.open(console("#/orders?sku=order-tee-m"));
        browser.click(String.valueOf(first));
        browser.waitForText(By.cssSelector("main h1"), "Order " + first);
        WebElement line = browser.waitFor(By.cssSelector("table.order-lines tr[data-sku='order-tee-m']"));
        assertTrue(line.getText().contains("Order Tee"), line.getText());
        assertEquals("(size M)", line.findElement(By.cssSelector("[data-figure='options']")).getText());
        assertEquals("$19.99", line.findElement(By.cssSelector("[data-figure='unit-price']")).getText());
        assertEquals("2", line.findElement(By.cssSelector("[data-figure='qty']")).getText());
        assertEquals("$39.98", line.findElement(By.cssSelector("[data-figure='line-total']")).getText());
        assertEquals("$39.98", browser.waitFor(By.cssSelector("[data-figure='total-amount']")).getText());
        browser.waitFor(By.cssSelector("ol.history li[data-status='placed'] time"));
        browser.click("Fulfil");
        browser.waitFor(By.cssSelector("dialog.confirm"));
        browser.click("Mark fulfilled");
        browser.waitFor(By.cssSelector(".order[data-status='fulfilled'] ol.history li[data-status='fulfilled']"));
        browser.waitForText(By.id("notice"), "Order " + first + " marked fulfilled");
        assertTrue(browser.driver.findElements(By.xpath("//main//button[normalize-space()='Cancel order' or normalize-space()='Fulfil']")).isEmpty(),
                "a fulfilled order offers neither");
        browser.screenshot("order");
        given(api).auth().oauth2(adminToken).when().get("/api/admin/orders/" + first).then().statusCode(200)
                .body("status", equalTo("fulfilled")).body("history.status", contains("placed", "fulfilled"));

        // Another cancelled: its unit goes back to stock and its payment is refunded.
        int availableBefore = given(api).when().get("/api/inventory/order-tee-s").then().statusCode(200).extract().path("available");
        browser.open(console("#/orders/" + second));
        browser.waitForText(By.cssSelector("main h1"), "Order " + second);
        browser.click("Cancel order");
        browser.waitFor(By.cssSelector("dialog.confirm"));
        browser.click("Cancel the order");
        browser.waitFor(By.cssSelector(".order[data-status='cancelled']"));
        browser.waitForText(By.cssSelector("[data-figure='refund']"), "Refunded");
        given(api).auth().oauth2(adminToken).when().get("/api/admin/orders/" + second).then().statusCode(200)
                .body("status", equalTo("cancelled")).body("payment.refund.state", equalTo("refunded"));
        given(api).when().get("/api/inventory/order-tee-s").then().statusCode(200).body("available", equalTo(availableBefore + 1));

        // The third is fulfilled behind the page's back: its Cancel is refused with the platform's own words.
        browser.open(console("#/orders/" + third));
        browser.button("Cancel order");
        given(api).auth().oauth2(adminToken).when().post("/api/admin/orders/" + third + "/fulfil").then().statusCode(200);
        String refusal = given(api).auth().oauth2(adminToken).when().post("/api/admin/orders/" + third + "/cancel")
                .then().statusCode(409).body("type", equalTo("https://problems.shop.example/order-fulfilled")).extract().path("detail");
        browser.click("Cancel order");
        browser.waitFor(By.cssSelector("dialog.confirm"));
        browser.click("Cancel the order");
        WebElement problem = browser.waitFor(By.cssSelector("main .problem"));
        browser.waitForText(By.cssSelector("main .problem"), "409 order-fulfilled");
        assertTrue(problem.getText().contains(refusal), problem.getText() + " vs " + refusal);
        browser.waitFor(By.cssSelector(".order[data-status='fulfilled']"));
        browser.screenshot("story-13-cancel-refused");
        given(api).auth().oauth2(adminToken).when().get("/api/admin/orders/" + third).then().statusCode(200)
                .body("status", equalTo("fulfilled"));

        // The export of what the filters select, saved through the page (the token never in a link).
        Path downloads = Files.createDirectories(Path.of("target", "admin-console-orders-export").toAbsolutePath());
        try (Stream<Path> old = Files.list(downloads)) {
            for (Path file : old.toList()) {
                Files.delete(file);
            }
        }
        browser.driver.executeCdpCommand("Browser.setDownloadBehavior", Map.of("behavior", "allow", "downloadPath", downloads.toString()));
        browser.open(console("#/orders?sku=order-tee-m"));
        browser.waitFor(By.cssSelector("table.orders tr[data-number='" + first + "']"));
        browser.click("Export orders");
        browser.waitForText(By.cssSelector(".export-status"), "Exported 2 orders");
        browser.waitUntil(d -> downloaded(downloads) != null);
        List<String> exported = Files.readAllLines(downloaded(downloads));
        assertEquals(2, exported.size(), exported.toString());
        assertTrue(exported.get(0).contains("\"number\":" + third) && exported.get(1).contains("\"number\":" + first), exported.toString());
    }

    /**
     * Story 14, the sales chart: an order placed today is in today's bar and row, as the platform's
     * own orders add up, on axes of money (in the currency) and dates; the top skus name the sku.
     */
    @Test
    @Order(21)
    void story14SeeTodaysRevenueOnTheSalesChart() throws Exception {
        given(api).auth().oauth2(adminToken).contentType(ContentType.JSON).body(film("sales-story-film", "Sales Story", "Nobody"))
                .when().post("/api/products").then().statusCode(201);
        given(api).auth().oauth2(adminToken).contentType(ContentType.JSON).body(Map.of("qty", 10))
                .when().put("/api/inventory/sales-story-film").then().statusCode(200);
        placeOrder("sales-story-film", 3, "sales-story");
        String today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString();
        long revenue = 0;
        long orders = 0;
        for (Map<String, Object> order : ordersPlacedSince(today)) {
            if (!"cancelled".equals(order.get("status")) && "USD".equals(order.get("currency"))) {
                revenue += ((Number) order.get("total_amount")).longValue();
                orders++;
            }
        }
        assertTrue(revenue >= 3 * 1299, "the order above is among today's: " + revenue);
        String dollars = NumberFormat.getCurrencyInstance(Locale.US).format(revenue / 100.0);

        signIn();
        browser.click("Sales");
        browser.waitForText(By.cssSelector("main h1"), "Sales");
        WebElement chart = browser.waitFor(By.cssSelector("section.sales[data-state='shown'] figure.sales-chart"));
        assertEquals("30", chart.getDomAttribute("data-days"), "the last 30 days by default");
        WebElement bar = chart.findElement(By.cssSelector("rect[data-date='" + today + "']"));
        assertEquals(String.valueOf(revenue), bar.getDomAttribute("data-revenue"), "today's bar is today's revenue");
        assertEquals(String.valueOf(orders), bar.getDomAttribute("data-orders"));
        WebElement row = browser.waitFor(By.cssSelector("table.sales-days tr[data-date='" + today + "']"));
        assertEquals(dollars, row.findElement(By.cssSelector("[data-figure='revenue']")).getText());
        assertEquals(String.valueOf(orders), row.findElement(By.cssSelector("[data-figure='orders']")).getText());

        List<String> money = chart.findElements(By.cssSelector(".axis-y .tick-label")).stream().map(WebElement::getText).toList();
        assertEquals("$0.00", money.get(0), money.toString());
        long top = Long.parseLong(chart.findElements(By.cssSelector(".axis-y .tick-label")).get(money.size() - 1).getDomAttribute("data-value"));
        assertTrue(top >= revenue, "the scale reaches today's bar: " + money);
        assertTrue(money.stream().allMatch(label -> label.matches("\\$[0-9,]+\\.[0-9]{2}")), money.toString());
        assertEquals("revenue (USD)", chart.findElement(By.cssSelector(".axis-y .axis-title")).getText());
        List<String> dates = chart.findElements(By.cssSelector(".axis-x .tick-label")).stream().map(WebElement::getText).toList();
        assertFalse(dates.isEmpty());
        assertTrue(dates.stream().allMatch(label -> label.matches("[A-Z][a-z]{2} \\d{1,2}")), dates.toString());
        assertEquals("day (UTC)", chart.findElement(By.cssSelector(".axis-x .axis-title")).getText());
        WebElement top1 = browser.waitFor(By.cssSelector("table.top-skus tr[data-sku='sales-story-film']"));
        assertTrue(Integer.parseInt(top1.findElement(By.cssSelector("[data-figure='units']")).getText()) >= 3, top1.getText());
        browser.screenshot("sales");
    }

    /** Places an order through the storefront API (a cart, a line, an approved checkout); answers its number. */
    private static long placeOrder(String sku, int qty, String idempotencyKey) {
        String cart = given(api).when().post("/api/carts").then().statusCode(201).extract().path("id");
        given(api).contentType(ContentType.JSON).body(Map.of("sku", sku, "qty", qty))
                .when().post("/api/carts/" + cart + "/items").then().statusCode(200);
        Number number = given(api).contentType(ContentType.JSON).header("Idempotency-Key", idempotencyKey)
                .body(Map.of("payment", Map.of("method", "card", "simulate", "approve")))
                .when().post("/api/carts/" + cart + "/checkout").then().statusCode(200).extract().path("order.number");
        return number.longValue();
    }

    /** Every order placed since the start of a UTC day, through the admin list's pages. */
    private static List<Map<String, Object>> ordersPlacedSince(String day) {
        List<Map<String, Object>> orders = new ArrayList<>();
        String cursor = null;
        do {
            RequestSpecification request = given(api).auth().oauth2(adminToken).queryParam("from", day).queryParam("limit", 100);
            if (cursor != null) {
                request = request.queryParam("cursor", cursor);
            }
            JsonPath page = request.when().get("/api/admin/orders").then().statusCode(200).extract().jsonPath();
            orders.addAll(page.getList("items"));
            cursor = page.getString("next");
        } while (cursor != null);
        return orders;
    }

    /** The order numbers the list shows, top to bottom (read in one script: the list may be redrawn meanwhile). */
    private static List<Long> ordersShown() {
        @SuppressWarnings("unchecked")
        List<String> numbers = (List<String>) browser.script(
                "return [...document.querySelectorAll('table.orders tbody tr')].map(row => row.dataset.number);");
        return numbers.stream().map(Long::parseLong).toList();
    }

    /** The texts of one column of the variant grid, row by row. */
    private static List<String> gridValues(String column) {
        return browser.driver.findElements(By.cssSelector("table.variants tbody [data-column='" + column + "']")).stream()
                .map(control -> control.getDomProperty("value")).toList();
    }

    /** The control of a column in a row (from 0) of the variant grid. */
    private static WebElement gridCell(int row, String column) {
        return browser.waitFor(By.cssSelector("table.variants tbody tr:nth-child(" + (row + 1) + ") [data-column='" + column + "']"));
    }

    private static void typeInto(WebElement field, String text) {
        field.clear();
        field.sendKeys(text);
    }

    /**
     * The type, genre, price and category facets shown, against counts made here from the products:
     * those matching the search, and those matching it but for the genres picked (each picked genre is
     * listed, even at 0).
     */
    private static void assertFacetCounts(List<Map<String, Object>> matching, List<Map<String, Object>> matchingButGenre,
                                          List<String> pickedGenres, List<Map<String, Object>> roots) {
        assertEquals(countValues(matching, p -> List.of((String) p.get("type"))), facetShown("type"), "type counts");
        Map<String, Long> genres = countValues(matchingButGenre, AdminConsoleStoriesTest::genres);
        pickedGenres.forEach(genre -> genres.putIfAbsent(genre, 0L));
        assertEquals(genres, facetShown("genre"), "genre counts: the genre facet ignores the genres picked");
        Map<String, Long> prices = facetShown("price");
        assertEquals(priceCounts(matching, prices.keySet()), prices, "price counts");
        assertEquals(matching.size(), prices.values().stream().mapToLong(Long::longValue).sum(), "the buckets hold every price");
        assertEquals(categoryCounts(matching, roots), facetShown("category"), "category counts");
    }

    /** Waits until the results show the answer to a query (as the console sent it, decoded) that passes the test. */
    private static void waitForResults(Predicate<String> query) {
        browser.waitUntil(d -> {
            WebElement results = d.findElement(By.cssSelector("section.results"));
            String sent = results.getDomAttribute("data-query");
            return "shown".equals(results.getDomAttribute("data-state")) && sent != null
                    && query.test(URLDecoder.decode(sent, StandardCharsets.UTF_8));
        });
    }

    private static WebElement facetValue(String facet, String value) {
        return browser.waitFor(By.cssSelector("li[data-facet='" + facet + "'][data-value=" + cssString(value) + "]"));
    }

    /** A facet's values and counts as the page shows them. */
    private static Map<String, Long> facetShown(String facet) {
        Map<String, Long> shown = new TreeMap<>();
        for (WebElement value : browser.driver.findElements(By.cssSelector("li[data-facet='" + facet + "']"))) {
            shown.put(value.getDomAttribute("data-value"), Long.parseLong(value.getDomAttribute("data-count")));
        }
        return shown;
    }

    private static String resultStatus() {
        return browser.driver.findElement(By.cssSelector(".results [role='status']")).getText();
    }

    /** Every product of the catalog, page after page. */
    private static List<Map<String, Object>> allProducts() {
        List<Map<String, Object>> all = new ArrayList<>();
        String cursor = null;
        do {
            RequestSpecification request = given(api).queryParam("limit", 100);
            if (cursor != null) {
                request = request.queryParam("cursor", cursor);
            }
            JsonPath page = request.when().get("/api/products").then().statusCode(200).extract().jsonPath();
            all.addAll(page.<Map<String, Object>>getList("items"));
            cursor = page.getString("next");
        } while (cursor != null);
        return all;
    }

    @SuppressWarnings("unchecked")
    private static List<String> genres(Map<String, Object> product) {
        Object genres = ((Map<String, Object>) product.get("details")).get("genre");
        return genres instanceof List<?> list ? (List<String>) list : List.of();
    }

    private static List<Map<String, Object>> withGenre(List<Map<String, Object>> products, String... anyOf) {
        return products.stream().filter(p -> genres(p).stream().anyMatch(List.of(anyOf)::contains)).toList();
    }

    private static List<String> sortedSkus(List<Map<String, Object>> products) {
        return products.stream().map(p -> (String) p.get("sku")).sorted().toList();
    }

    private static Map<String, Long> countValues(List<Map<String, Object>> products,
                                                 Function<Map<String, Object>, List<String>> values) {
        Map<String, Long> counts = new TreeMap<>();
        products.forEach(p -> values.apply(p).stream().distinct().forEach(v -> counts.merge(v, 1L, Long::sum)));
        return counts;
    }

    @SuppressWarnings("unchecked")
    private static long retail(Map<String, Object> product) {
        return ((Number) ((Map<String, Object>) product.get("pricing")).get("retail")).longValue();
    }

    /** For each bucket "min-max" (max excluded, absent for no bound): the products whose retail price is in it. */
    private static Map<String, Long> priceCounts(List<Map<String, Object>> products, Collection<String> buckets) {
        Map<String, Long> counts = new TreeMap<>();
        for (String bucket : buckets) {
            String[] bounds = bucket.split("-", -1);
            long min = Long.parseLong(bounds[0]);
            long max = bounds[1].isEmpty() ? Long.MAX_VALUE : Long.parseLong(bounds[1]);
            counts.put(bucket, products.stream().filter(p -> retail(p) >= min && retail(p) < max).count());
        }
        return counts;
    }

    /** "500-1000" as a person reads it in US dollars: "$5.00 – $9.99" (the upper bound is excluded). */
    private static String priceLabel(String bucket) {
        NumberFormat dollars = NumberFormat.getCurrencyInstance(Locale.US);
        String[] bounds = bucket.split("-", -1);
        long min = Long.parseLong(bounds[0]);
        if (bounds[1].isEmpty()) {
            return dollars.format(min / 100.0) + " and more";
        }
        long max = Long.parseLong(bounds[1]);
        return min == 0 ? "Under " + dollars.format(max / 100.0) : dollars.format(min / 100.0) + " – " + dollars.format((max - 1) / 100.0);
    }

    /** For each category: the products in it or anywhere below it, each once. */
    private static Map<String, Long> categoryCounts(List<Map<String, Object>> products, List<Map<String, Object>> categories) {
        Map<String, Long> counts = new TreeMap<>();
        for (Map<String, Object> category : categories) {
            Set<String> subtree = new HashSet<>();
            collectIds(category, subtree);
            counts.put((String) category.get("slug"), products.stream()
                    .filter(p -> categoryIds(p).stream().anyMatch(subtree::contains)).count());
        }
        return counts;
    }

    @SuppressWarnings("unchecked")
    private static List<String> categoryIds(Map<String, Object> product) {
        return product.get("category_ids") instanceof List<?> ids ? (List<String>) ids : List.of();
    }

    @SuppressWarnings("unchecked")
    private static void collectIds(Map<String, Object> category, Set<String> ids) {
        ids.add((String) category.get("id"));
        if (category.get("children") instanceof List<?> children) {
            ((List<Map<String, Object>>) children).forEach(child -> collectIds(child, ids));
        }
    }

    /** Whether the word is in the product's title, description or a text of its details (case-insensitive). */
    @SuppressWarnings("unchecked")
    private static boolean mentions(Map<String, Object> product, String word) {
        List<Object> texts = new ArrayList<>(List.of(product.get("title"), String.valueOf(product.get("description"))));
        for (Object value : ((Map<String, Object>) product.get("details")).values()) {
            if (value instanceof List<?> list) {
                texts.addAll(list);
            } else {
                texts.add(value);
            }
        }
        return texts.stream().anyMatch(text -> text instanceof String s && s.toLowerCase(Locale.ROOT).contains(word));
    }

    private static String cssString(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static void signIn() {
        browser.open(console("#/products"));
        String heading = browser.heading();
        if (heading.equals("Sign in")) {
            browser.type("Admin token", adminToken);
            browser.click("Sign in");
            browser.waitForText(By.cssSelector("main h1"), "Products");
        }
    }

    private static void signOutIfSignedIn() {
        browser.open(console("#/products"));
        browser.heading();
        if (!browser.driver.findElements(By.xpath("//header//button[normalize-space()='Sign out']")).isEmpty()) {
            browser.click("Sign out");
            browser.waitForText(By.cssSelector("main h1"), "Sign in");
        }
    }

    private static void attribute(int index, String name, String valueType, boolean required) {
        WebElement row = browser.waitFor(By.cssSelector(".attribute-row:nth-of-type(" + (index + 1) + ")"));
        browser.byLabel(row, "Attribute name").sendKeys(name);
        new Select(browser.byLabel(row, "Value type")).selectByVisibleText(valueType);
        if (required) {
            browser.byLabel(row, "Required").click();
        }
    }

    private static void tryToken(String token) {
        List<WebElement> previous = browser.driver.findElements(By.cssSelector(".signin-result [data-outcome]"));
        browser.type("Admin token", token);
        browser.click("Sign in");
        if (!previous.isEmpty()) {
            browser.waitUntil(d -> ExpectedConditions.stalenessOf(previous.get(0)).apply(d));
        }
    }

    private static void assertOutcome(String kind, String title, String explanation) {
        WebElement outcome = browser.waitFor(By.cssSelector(".signin-result [data-outcome='" + kind + "']"));
        assertTrue(outcome.getText().contains(title), outcome.getText());
        assertTrue(outcome.getText().contains(explanation), outcome.getText());
    }

    private static List<String> breadcrumbs() {
        return browser.driver.findElements(By.cssSelector("nav.breadcrumbs li")).stream().map(WebElement::getText).toList();
    }
}
