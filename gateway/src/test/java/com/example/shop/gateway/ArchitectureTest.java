package com.example.shop.gateway;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.architecture.ServiceShape;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.vertx.httpproxy.ProxyInterceptor;
import org.junit.jupiter.api.Test;

/**
 * The gateway keeps the shape every service has where it applies (docs/design.md, "Shape of a
 * service": no code of a service, constructor injection, one scope; it has no features, resources
 * or stores), and its own: it owns no data, routes on Vert.x rather than through REST resources,
 * checks admin tokens in one place and shares with the services only the problem vocabulary and the
 * public API's routing table. Its packages: the edge (the checks before a request is proxied), the
 * proxy (the services behind it, and the steps of an exchange with one), the merged API document
 * and the admin console, over a root of configuration and the gateway's problems.
 */
class ArchitectureTest {

    private static final ServiceShape SHAPE = ServiceShape.of("gateway");
    private static final JavaClasses CLASSES = SHAPE.imported();
    private static final String GATEWAY = "com.example.shop.gateway";

    @Test
    void theImportSawTheGateway() {
        assertTrue(CLASSES.contain(GATEWAY + ".edge.Gateway"));
        assertTrue(CLASSES.contain(GATEWAY + ".edge.EdgeAuth"));
        assertTrue(CLASSES.contain(GATEWAY + ".proxy.Upstream"));
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

    @Test
    void usesNoVertxImplementationClass() {
        noClasses().should().dependOnClassesThat().resideInAPackage("io.vertx..impl..")
                .because("Vert.x's impl packages are no API and change between releases: the path the router "
                        + "normalized is RoutingContext.normalizedPath(), handed to the proxy in an Exchange")
                .check(CLASSES);
    }

    @Test
    void thePackagesDependOneWay() {
        slices().matching(GATEWAY + ".(*)..").should().beFreeOfCycles().check(CLASSES);
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("edge").definedBy(GATEWAY + ".edge..")
                .layer("docs").definedBy(GATEWAY + ".docs..")
                .layer("admin").definedBy(GATEWAY + ".admin..")
                .layer("proxy").definedBy(GATEWAY + ".proxy..")
                .whereLayer("edge").mayNotBeAccessedByAnyLayer()
                .whereLayer("admin").mayNotBeAccessedByAnyLayer()
                .whereLayer("docs").mayOnlyBeAccessedByLayers("edge")
                .whereLayer("proxy").mayOnlyBeAccessedByLayers("edge", "docs")
                .because("the edge decides about a request and hands it to the proxy; the proxy knows nothing of the edge")
                .check(CLASSES);
    }

    @Test
    void eachStepOfAnExchangeDoesItsOneJobAlone() {
        classes().that().implement(ProxyInterceptor.class)
                .should().resideInAPackage(GATEWAY + ".proxy")
                .andShould(dependOnNoOtherStep())
                .because("a step of the proxy (a ProxyInterceptor) does one job and knows no other step; Upstream puts "
                        + "them in order for each exchange")
                .check(CLASSES);
        noClasses().that().doNotHaveSimpleName("Upstream")
                .should().dependOnClassesThat().haveFullyQualifiedName("io.vertx.httpproxy.HttpProxy")
                .because("Upstream is the one place that assembles an exchange's proxy from its steps")
                .check(CLASSES);
    }

    @Test
    void problemsAreWrittenInOnePlace() {
        noClasses().that().doNotHaveSimpleName("GatewayProblems")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.fasterxml.jackson.databind.ObjectMapper")
                .because("GatewayProblems writes every problem of the gateway's, as JSON and with its headers")
                .check(CLASSES);
    }

    private static ArchCondition<JavaClass> dependOnNoOtherStep() {
        return new ArchCondition<>("depend on no other step") {
            @Override
            public void check(JavaClass step, ConditionEvents events) {
                for (Dependency dependency : step.getDirectDependenciesFromSelf()) {
                    JavaClass target = dependency.getTargetClass();
                    if (!target.equals(step) && target.getPackageName().startsWith(GATEWAY)
                            && target.isAssignableTo(ProxyInterceptor.class)) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        };
    }
}
