package com.example.shop.cart;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

class ArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.example.shop.cart");

    @Test
    void doesNotUseOtherServicesCode() {
        noClasses().that().resideInAPackage("com.example.shop.cart..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "com.example.shop.catalog..", "com.example.shop.category..", "com.example.shop.gateway..")
                .check(CLASSES);
    }

    @Test
    void resourcesDoNotTouchMongoDb() {
        noClasses().that().haveSimpleNameEndingWith("Resource")
                .should().dependOnClassesThat().resideInAnyPackage("com.mongodb..")
                .check(CLASSES);
    }

    @Test
    void onlyTheCatalogPackageCallsTheCatalog() {
        noClasses().that().resideOutsideOfPackage("com.example.shop.cart.catalog..")
                .should().dependOnClassesThat().haveSimpleName("CatalogClient")
                .check(CLASSES);
    }
}
