package com.example.shop.testsupport.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

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
 * <li>the root package (configuration, problem kinds) serves the features and knows none of
 * them; what a feature adds to the schema it adds through web-support's {@code FeatureIndexes} and
 * {@code AfterIndexes};</li>
 * <li>features depend on each other one way only: no cycle between feature packages (a lower
 * feature learns from a higher one through an interface of its own that the higher one implements);</li>
 * <li>only stores open and hold collections, and only stores, codecs and schemas know raw
 * documents: a use case reads and writes records ({@code docs/design.md#stored-documents});</li>
 * <li>no test seam in main code but web-support's no-op default ({@code docs/design.md#test-seams});</li>
 * <li>only stores open collections (in the database web-support's {@code ServiceDatabase} gives them), and only stores
 * declare their collections' indexes, with keys built from the stored records' field names (web-support's
 * {@code SchemaSetup} gathers them, as {@code FeatureIndexes});</li>
 * <li>resources translate HTTP to use cases and never touch MongoDB;</li>
 * <li>a call to another service goes through its package's one client class: the rest-client
 * interface is package-private ({@code @RegisterRestClient} types are not public);</li>
 * <li>no code of another service, of the gateway or of the tests' support;</li>
 * <li>constructor injection; a bean that keeps nothing but its collaborators (a use case; a store, whose
 * components are its collections) is a {@code @Singleton} record (its header is its constructor), every
 * other bean is {@code @ApplicationScoped}.</li>
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
        List.of(noOtherServicesCode(), theRootKnowsNoFeature(), featuresFormNoCycle(), resourcesNeverTouchMongoDb(),
                storesStayInTheirFeature(), onlyStoresOpenCollections(), onlyStoresHoldCollections(),
                onlyStoresCodecsAndSchemasKnowRawDocuments(), onlyStoresDeclareIndexes(), noSeamsInMainCode(),
                restClientsArePackagePrivate(), constructorInjection(), oneScope()).forEach(rule -> rule.check(classes));
    }

    public ArchRule theRootKnowsNoFeature() {
        return noClasses().that().resideInAPackage(root)
                .should().dependOnClassesThat().resideInAPackage(root + ".*..")
                .because("the root package (configuration, problem kinds, schema) is what the features build on");
    }

    public ArchRule featuresFormNoCycle() {
        return slices().matching(root + ".(*)..").should().beFreeOfCycles()
                .because("a feature reaches back into one that uses it only through an interface of its own")
                .allowEmptyShould(true); // the gateway has no feature packages
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
                .because("a resource translates HTTP to a use case; the use case holds the MongoDB operation and its guards")
                .allowEmptyShould(true); // the gateway routes with Vert.x and has no resources
    }

    public ArchRule storesStayInTheirFeature() {
        return classes().that().haveSimpleNameEndingWith("Store")
                .should(beUsedOnlyInTheirOwnPackage())
                .because("a feature reaches another feature's data through its use cases, never its store")
                .allowEmptyShould(true); // the gateway has no database
    }

    public ArchRule onlyStoresOpenCollections() {
        return noClasses().that().haveSimpleNameNotEndingWith("Store")
                .should().callMethod("com.mongodb.client.MongoClient", "getDatabase", "java.lang.String")
                .orShould().callMethod("com.mongodb.client.MongoDatabase", "getCollection", "java.lang.String")
                .because("a feature's collections are opened in one place, its store");
    }

    public ArchRule onlyStoresHoldCollections() {
        return noClasses().that().haveSimpleNameNotEndingWith("Store")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.mongodb.client.MongoCollection")
                .because("queries are named methods of the stores; no use case holds a collection or builds its own query");
    }

    public ArchRule onlyStoresCodecsAndSchemasKnowRawDocuments() {
        return noClasses().that().haveSimpleNameNotEndingWith("Store")
                .and().haveSimpleNameNotEndingWith("Codec")
                .and().haveSimpleNameNotEndingWith("Schema")
                .should().dependOnClassesThat().haveFullyQualifiedName("org.bson.Document")
                .because("a stored document is read and written as its record, through the record's codec");
    }

    public ArchRule noSeamsInMainCode() {
        return noClasses().should().implement("com.example.shop.web.seams.Seams")
                .because("fault injection is armed by beans of the test sources only; the no-op default is web-support's");
    }

    public ArchRule onlyStoresDeclareIndexes() {
        return noClasses().that().haveSimpleNameNotEndingWith("Store")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.mongodb.client.model.Indexes")
                .because("a feature's store declares the indexes of its collections, their keys built from the field-name"
                        + " constants of its stored records; the root's schema only gathers them (the root knows no feature)");
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
        return classes().that().areAnnotatedWith("jakarta.inject.Singleton").should().beRecords()
                .because("a bean that keeps nothing but its collaborators is a @Singleton record (a record is final and"
                        + " cannot have the client proxy of @ApplicationScoped); every other bean is @ApplicationScoped");
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
