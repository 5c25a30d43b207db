package com.example.shop.category;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.example.shop.testsupport.architecture.ServiceShape;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The category service has the shape of every service (docs/design.md, "Shape of a service"; the
 * root package knows no feature), and its own: the root package and one feature package,
 * {@code categories}, nothing else.
 */
class ArchitectureTest {

    private static final String ROOT = "com.example.shop.category";
    private static final String CATEGORIES = ROOT + ".categories";

    private static final ServiceShape SHAPE = ServiceShape.of("category");
    private static final JavaClasses CLASSES = SHAPE.imported();

    @Test
    void hasTheShapeOfEveryService() {
        SHAPE.check();
    }

    /**
     * The tree lease, the reconciler and the writes are one aggregate's: split into packages, they
     * would depend on each other both ways.
     */
    @Test
    void oneFeaturePackage() {
        classes().should().resideInAnyPackage(ROOT, CATEGORIES)
                .because("the service's classes are its cross-cutting ones (root) and the categories feature")
                .check(CLASSES);
    }

    @Test
    void onlyResourcesKnowHttp() {
        noClasses().that().areNotAnnotatedWith(jakarta.ws.rs.Path.class)
                .should().dependOnClassesThat().resideInAPackage("jakarta.ws.rs..")
                .because("use cases, the lease and the store are called by the resources, never by HTTP")
                .check(CLASSES);
    }
}
