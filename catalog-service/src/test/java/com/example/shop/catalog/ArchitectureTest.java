package com.example.shop.catalog;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.architecture.ServiceShape;
import org.junit.jupiter.api.Test;

/**
 * The shape every service has (docs/design.md, "Shape of a service": the root package knows no
 * feature, the features form no cycle, ...), and the catalog's own layout.
 */
class ArchitectureTest {

    private static final ServiceShape CATALOG = ServiceShape.of("catalog");

    @Test
    void theImportSawTheCatalog() {
        assertTrue(CATALOG.imported().contain("com.example.shop.catalog.product.ProductResource"));
        assertTrue(CATALOG.imported().contain("com.example.shop.catalog.category.CategorySubtrees"));
    }

    @Test
    void theCatalogHasTheShapeOfEveryService() {
        CATALOG.check();
    }

    @Test
    void packagesAreTheRootTheFeaturesAndTheCategoryService() {
        classes().should().resideInAnyPackage("com.example.shop.catalog", "com.example.shop.catalog.product",
                        "com.example.shop.catalog.producttype", "com.example.shop.catalog.search", "com.example.shop.catalog.search.index",
                        "com.example.shop.catalog.search.feed", "com.example.shop.catalog.search.availability",
                        "com.example.shop.catalog.search.listing", "com.example.shop.catalog.search.lifecycle",
                        "com.example.shop.catalog.category")
                .because("the catalog's packages are its features (product, producttype, search and its parts) and the remote it"
                        + " calls (category)")
                .check(CATALOG.imported());
    }

    @Test
    void onlyTheCategoryWrapperCallsTheCategoryService() {
        noClasses().that().doNotHaveSimpleName("CategorySubtrees").and().doNotHaveSimpleName("CategoryClient")
                .and().resideOutsideOfPackage("com.example.shop.catalog.category")
                .should().dependOnClassesThat().haveSimpleName("CategoryClient")
                .check(CATALOG.imported());
        classes().that().resideInAPackage("com.example.shop.catalog.category").and().arePublic()
                .and().areTopLevelClasses()
                .should().haveSimpleName("CategorySubtrees").orShould().haveSimpleName("CategoryTreeCache")
                .because("the category service is reached through one public class, with its timeout, breaker and"
                        + " fallback, and the tree it gives is kept by one more")
                .check(CATALOG.imported());
        noClasses().that().haveSimpleName("CategoryTreeCache").should().dependOnClassesThat().haveSimpleName("CategoryClient")
                .because("the tree is fetched through CategorySubtrees, with its timeout, breaker and fallback")
                .check(CATALOG.imported());
    }

    @Test
    void theRemoteServiceDoesNotReachIntoTheFeatures() {
        noClasses().that().resideInAPackage("com.example.shop.catalog.category")
                .should().dependOnClassesThat().resideInAnyPackage("com.example.shop.catalog.product..",
                        "com.example.shop.catalog.producttype..", "com.example.shop.catalog.search..")
                .check(CATALOG.imported());
    }

    @Test
    void theSearchIndexIsDerivedFromProductsWithoutReachingIntoThem() {
        noClasses().that().resideInAPackage("com.example.shop.catalog.search..")
                .should().dependOnClassesThat().resideInAnyPackage("com.example.shop.catalog.product..")
                .because("the index reads products through ProductSource, which the product feature implements; "
                        + "the product feature writes through to the index, never the other way round")
                .check(CATALOG.imported());
    }

    @Test
    void theSearchPartsDependOnEachOtherOneWay() {
        slices().matching("com.example.shop.catalog.search.(*)..").should().beFreeOfCycles()
                .because("the index is at the bottom, the feed writes to it, availability and the listings build on them,"
                        + " and the lifecycle drives them all; a lower part learns from a higher one through an interface"
                        + " of its own (AvailabilitySource)")
                .check(CATALOG.imported());
        noClasses().that().resideInAPackage("com.example.shop.catalog.search")
                .should().dependOnClassesThat().resideInAPackage("com.example.shop.catalog.search.*..")
                .because("the search's root holds what the product feature hands it (ListedProduct, ProductSource), which"
                        + " every part uses")
                .check(CATALOG.imported());
    }

    @Test
    void productTypesNeverReachIntoProducts() {
        noClasses().that().resideInAPackage("com.example.shop.catalog.producttype")
                .should().dependOnClassesThat().resideInAnyPackage("com.example.shop.catalog.product..")
                .because("products are checked against the types; what is made from the types (the products' "
                        + "validator) follows them through ProductTypeListener, which the product feature implements")
                .check(CATALOG.imported());
    }
}
