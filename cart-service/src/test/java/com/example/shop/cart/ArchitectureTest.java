package com.example.shop.cart;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.example.shop.testsupport.architecture.ServiceShape;
import org.junit.jupiter.api.Test;

/** The cart service keeps the shape every service has (docs/design.md), and two rules of its own. */
class ArchitectureTest {

    private static final ServiceShape SHAPE = ServiceShape.of("cart");

    @Test
    void hasTheShapeOfEveryService() {
        SHAPE.check();
    }

    /**
     * carts use inventory (reservations), catalog and payment; jobs run the carts' and the
     * inventory's jobs; inventory learns what carts claim through an interface the carts feature
     * implements. No feature reaches back into one that uses it.
     */
    @Test
    void featuresDependOnEachOtherOneWayOnly() {
        slices().matching("com.example.shop.cart.(*)..").should().beFreeOfCycles().check(SHAPE.imported());
    }

    /** The root package (configuration, problems, schema, metrics) serves the features and knows none of them. */
    @Test
    void theRootPackageKnowsNoFeature() {
        noClasses().that().resideInAPackage("com.example.shop.cart")
                .should().dependOnClassesThat().resideInAPackage("com.example.shop.cart.*..")
                .check(SHAPE.imported());
    }
}
