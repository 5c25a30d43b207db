package com.example.shop.category;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The category service never uses another service's code, and its layers point one way. */
class ArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.example.shop.category");

    @Test
    void noDependencyOnOtherServices() {
        noClasses().that().resideInAPackage("com.example.shop.category..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "com.example.shop.catalog..", "com.example.shop.cart..", "com.example.shop.gateway..")
                .check(CLASSES);
    }

    @Test
    void useCasesDoNotKnowHttp() {
        noClasses().that().resideInAnyPackage("com.example.shop.category.tree..", "com.example.shop.category.write..",
                        "com.example.shop.category.browse..", "com.example.shop.category.integrity..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta.ws.rs..", "com.example.shop.category.rest..")
                .check(CLASSES);
    }

    @Test
    void onlyTheRestPackageHasResources() {
        noClasses().that().resideOutsideOfPackage("com.example.shop.category.rest..")
                .should().beAnnotatedWith(jakarta.ws.rs.Path.class)
                .check(CLASSES);
    }
}
