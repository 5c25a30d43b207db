package com.example.shop.cart;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.example.shop.testsupport.architecture.ServiceShape;
import com.example.shop.web.seams.Seams;
import com.mongodb.client.MongoCollection;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The cart service keeps the shape every service has (docs/design.md), the root knowing no feature
 * and the features free of cycles included: carts use inventory (reservations), catalog and payment;
 * jobs run the carts' and the inventory's jobs; inventory learns what carts claim through an
 * interface the carts feature implements ({@code inventory.Claims}). No feature reaches back into one
 * that uses it. And its stored documents stay behind the stores: a use case reads and writes
 * records, through named store methods.
 */
class ArchitectureTest {

    private static final ServiceShape SHAPE = ServiceShape.of("cart");
    private static final JavaClasses CLASSES = SHAPE.imported();

    @Test
    void hasTheShapeOfEveryService() {
        SHAPE.check();
    }

    @Test
    void onlyStoresCodecsAndSchemasKnowRawDocuments() {
        noClasses().that().haveSimpleNameNotEndingWith("Store")
                .and().haveSimpleNameNotEndingWith("Codec")
                .and().haveSimpleNameNotEndingWith("Schema")
                .should().dependOnClassesThat().areAssignableTo(Document.class)
                .because("a stored document is read and written as its record, through the record's codec")
                .check(CLASSES);
    }

    @Test
    void onlyStoresHoldCollections() {
        noClasses().that().haveSimpleNameNotEndingWith("Store")
                .should().dependOnClassesThat().areAssignableTo(MongoCollection.class)
                .because("queries are named methods of the stores; no use case holds a collection or builds its own query")
                .check(CLASSES);
    }

    @Test
    void noSeamsInMainCode() {
        noClasses().should().implement(Seams.class)
                .because("fault injection is armed by beans of the test sources only; the no-op default is web-support's")
                .check(CLASSES);
    }
}
