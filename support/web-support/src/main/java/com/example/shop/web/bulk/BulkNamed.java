package com.example.shop.web.bulk;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a service's {@link BulkResource} imports and exports, as its API document says it: the
 * operations are declared once, in BulkResource, and {@link BulkDocumentation} reads this at build time
 * to make them this service's. {@code @BulkNamed(value = "Product", plural = "Products", ...)} gives the
 * operationIds {@code importProducts}, {@code exportProducts}, {@code listProductImports},
 * {@code getProductImport} and {@code listProductImportRejects}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface BulkNamed {

    /** One item, capitalised ({@code "Product"}): the runs' operationIds and summaries ("Product import runs, ..."). */
    String value();

    /** The items, capitalised ({@code "Products"}, {@code "Stock"}): the import's and the export's operationIds and summaries. */
    String plural();

    /**
     * The type of a line, both ways: the import reads each line into it (its {@link LineImporter}'s kind), and
     * each line of the export is one of it. Its schema must be in the document, where SmallRye puts every class
     * with a class-level {@code @Schema} and every type an operation uses; the build fails otherwise.
     */
    Class<?> line();

    /** What a line is and what it does to an item that exists: the import's description, before what every import does. */
    String importing();

    /** In what order the export lists the items, and what a line leaves out: the export's description, after what every export is. */
    String exporting();
}
