package com.example.shop.web.bulk;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What an {@link ImportRunsResource} calls its imports in the API document, capitalised:
 * {@code @ImportRunsNamed("Stock")} gives the operationIds {@code listStockImports},
 * {@code getStockImport} and {@code listStockImportRejects}, and summaries that begin "Stock import
 * run". Read at build time by {@link ImportRunsDocumentation}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ImportRunsNamed {
    String value();
}
