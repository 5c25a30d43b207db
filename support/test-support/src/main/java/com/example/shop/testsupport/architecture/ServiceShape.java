package com.example.shop.testsupport.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;

/**
 * The shape every service has (docs/design.md, "Shape of a service"), as rules its tests check:
 * <ul>
 * <li>one package per feature, each holding its resources, its use cases and its store; a
 * feature's store ({@code *Store}) is used by its own package only, so a feature never reaches into
 * another feature's collections: it calls that feature's use cases;</li>
 * <li>only stores open collections (the database and client handles stay in them);</li>
 * <li>resources translate HTTP to use cases and never touch MongoDB;</li>
 * <li>a call to another service goes through its package's one client class: the rest-client
 * interface is package-private ({@code @RegisterRestClient} types are not public);</li>
 * <li>no code of another service, of the gateway or of the tests' support;</li>
 * <li>constructor injection, one scope ({@code @ApplicationScoped}, never {@code @Singleton}).</li>
 * </ul>
 */
public final class ServiceShape {

    private static final List<String> SERVICES = List.of("catalog", "category", "cart", "gateway");

    private final String root;
    private final JavaClasses classes;

    private ServiceShape(String root) {
        this.root = root;
        this.classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(root);
    }

    /** The main classes of the service whose root package is {@code com.example.shop.<service>}. */
    public static ServiceShape of(String service) {
        return new ServiceShape("com.example.shop." + service);
    }

    public JavaClasses imported() {
        return classes;
    }

    /** Every rule at once. */
    public void check() {
        List.of(noOtherServicesCode(), resourcesNeverTouchMongoDb(), storesStayInTheirFeature(), onlyStoresOpenCollections(),
                restClientsArePackagePrivate(), constructorInjection(), oneScope()).forEach(rule -> rule.check(classes));
    }

    public ArchRule noOtherServicesCode() {
        String[] others = SERVICES.stream().map(s -> "com.example.shop." + s + "..")
                .filter(p -> !p.equals(root + "..")).toArray(String[]::new);
        return noClasses().should().dependOnClassesThat().resideInAnyPackage(others)
                .orShould().dependOnClassesThat().resideInAnyPackage("com.example.shop.testsupport..")
                .because("services share no code but the support modules");
    }

    public ArchRule resourcesNeverTouchMongoDb() {
        return noClasses().that().areAnnotatedWith("jakarta.ws.rs.Path")
                .should().dependOnClassesThat().resideInAnyPackage("com.mongodb..", "org.bson..")
                .because("a resource translates HTTP to a use case; the use case holds the MongoDB operation and its guards");
    }

    public ArchRule storesStayInTheirFeature() {
        return classes().that().haveSimpleNameEndingWith("Store")
                .should(beUsedOnlyInTheirOwnPackage())
                .because("a feature reaches another feature's data through its use cases, never its store");
    }

    public ArchRule onlyStoresOpenCollections() {
        return noClasses().that().haveSimpleNameNotEndingWith("Store")
                .should().callMethod("com.mongodb.client.MongoClient", "getDatabase", "java.lang.String")
                .orShould().callMethod("com.mongodb.client.MongoDatabase", "getCollection", "java.lang.String")
                .because("a feature's collections are opened in one place, its store");
    }

    public ArchRule restClientsArePackagePrivate() {
        return classes().that().areAnnotatedWith("org.eclipse.microprofile.rest.client.inject.RegisterRestClient")
                .should().notBePublic()
                .because("a remote call has one home: the one class of its package that wraps it with a timeout and a fallback")
                .allowEmptyShould(true); // a service that calls no other service (category) has none
    }

    public ArchRule constructorInjection() {
        return noFields().should().beAnnotatedWith("jakarta.inject.Inject")
                .because("a class's collaborators are visible in its constructor");
    }

    public ArchRule oneScope() {
        return noClasses().should().beAnnotatedWith("jakarta.inject.Singleton")
                .because("every bean of the platform is @ApplicationScoped");
    }

    private static ArchCondition<JavaClass> beUsedOnlyInTheirOwnPackage() {
        return new ArchCondition<>("be used only by classes of their own package") {
            @Override
            public void check(JavaClass store, ConditionEvents events) {
                for (Dependency use : store.getDirectDependenciesToSelf()) {
                    JavaClass user = use.getOriginClass();
                    if (!user.getPackageName().equals(store.getPackageName())) {
                        events.add(SimpleConditionEvent.violated(use, use.getDescription()));
                    }
                }
            }
        };
    }
}
