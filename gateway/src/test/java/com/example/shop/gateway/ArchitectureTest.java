package com.example.shop.gateway;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.architecture.ServiceShape;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The gateway keeps the shape every service has where it applies (docs/design.md, "Shape of a
 * service": no code of a service, constructor injection, one scope; it has no features, resources
 * or stores), and its own: it owns no data, routes on Vert.x rather than through REST resources,
 * checks admin tokens in one place and shares with the services only the problem vocabulary and the
 * public API's routing table.
 */
class ArchitectureTest {

    private static final ServiceShape SHAPE = ServiceShape.of("gateway");
    private static final JavaClasses CLASSES = SHAPE.imported();

    @Test
    void theImportSawTheGateway() {
        assertTrue(CLASSES.contain("com.example.shop.gateway.edge.Gateway"));
        assertTrue(CLASSES.contain("com.example.shop.gateway.edge.EdgeAuth"));
    }

    @Test
    void hasTheShapeOfEveryService() {
        SHAPE.check();
    }

    @Test
    void ownsNoData() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("com.mongodb..", "org.bson..")
                .because("the gateway keeps no data: its rate limits and its readiness cache are in memory")
                .check(CLASSES);
    }

    @Test
    void routesOnVertxNotThroughRestResources() {
        noClasses().should().dependOnClassesThat().resideInAPackage("jakarta.ws.rs..")
                .because("a proxied answer is the service's bytes, passed on, not an entity read and written again")
                .check(CLASSES);
    }

    @Test
    void sharesOnlyTheProblemsAndThePublicApiWithTheServices() {
        noClasses().should().dependOnClassesThat().resideInAPackage("com.example.shop.web..")
                .because("web-support is the services' REST and MongoDB support; the gateway takes the problem "
                        + "vocabulary (support/problems) and the routing table (support/public-api) only")
                .check(CLASSES);
    }

    @Test
    void adminTokensAreCheckedInOnePlace() {
        noClasses().that().doNotHaveSimpleName("EdgeAuth")
                .should().dependOnClassesThat().resideInAnyPackage("io.smallrye.jwt..", "org.eclipse.microprofile.jwt..")
                .because("EdgeAuth is the one place that verifies a bearer token at the edge")
                .check(CLASSES);
    }
}
