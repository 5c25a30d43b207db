package com.example.shop.catalog;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ArchitectureTest {

    /** The module's main classes (importing from the directory is much faster than scanning the classpath). */
    private static final JavaClasses CATALOG = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPath(Path.of("target/classes"));

    @Test
    void theImportSawTheCatalog() {
        org.junit.jupiter.api.Assertions.assertTrue(CATALOG.contain("com.example.shop.catalog.product.ProductCatalog"));
    }

    @Test
    void catalogDoesNotDependOnOtherServices() {
        noClasses().that().resideInAPackage("com.example.shop.catalog..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "com.example.shop.category..", "com.example.shop.cart..", "com.example.shop.gateway..")
                .check(CATALOG);
    }

    @Test
    void onlyTheCategoryPackageTalksToTheCategoryService() {
        noClasses().that().resideOutsideOfPackages("com.example.shop.catalog.category..")
                .should().dependOnClassesThat().haveSimpleName("CategoryClient")
                .check(CATALOG);
    }

    @Test
    void resourcesDoNotTouchMongoDirectly() {
        noClasses().that().haveSimpleNameEndingWith("Resource")
                .should().dependOnClassesThat().resideInAPackage("com.mongodb..")
                .check(CATALOG);
    }
}
