package com.example.shop.web.bulk;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import jakarta.ws.rs.core.MediaType;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

/**
 * Makes the operations every service inherits from {@link BulkResource} that service's own, from its
 * resource's {@link BulkNamed}:
 * <ul>
 * <li>the placeholder operationIds become {@code import<Plural>}, {@code export<Plural>},
 * {@code list<Name>Imports}, {@code get<Name>Import} and {@code list<Name>ImportRejects}, and the
 * summaries name the items ({@code "Import stock from NDJSON, as a job (admin)"}, {@code "Stock import
 * runs, newest first (admin)"}). The operationIds must differ from one service to the next (the gateway
 * merges the documents, and the e2e client is generated from the merged one), and annotations inherited
 * from one class cannot differ, hence this filter;</li>
 * <li>the import's request body and the export's lines get the service's line schema, and their
 * descriptions what a line does there and how the export lists the items, around what every import and
 * export does;</li>
 * <li>the import gets the answers {@link BulkImports#start} and {@link BulkImports#accepted} give in every
 * service: 202 with the run and its Location, 400 for an empty file, 409 while another import runs, 413 over
 * {@code shop.bulk.max-body-size}, 503 when the database is unavailable; the export its 503.</li>
 * </ul>
 * The names come from the Jandex index the document is built from, which SmallRye OpenAPI hands to the
 * constructor; so the filter runs at build time, and the document every service stores and serves has
 * them. An inherited operation with no name, or a line type whose schema is not in the document, fails
 * the build rather than publish a placeholder.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class BulkDocumentation implements OASFilter {

    private static final DotName NAMED = DotName.createSimple(BulkNamed.class.getName());
    private static final DotName PATH = DotName.createSimple("jakarta.ws.rs.Path");
    private static final DotName SCHEMA = DotName.createSimple("org.eclipse.microprofile.openapi.annotations.media.Schema");
    private static final String SCHEMAS = "#/components/schemas/";
    /** The run's schema: BulkResource's own operations put it in the document. */
    private static final String RUN = SCHEMAS + "Run";

    static final String IMPORTING = "Answers at once with the run; follow it at Location for its counts (created, updated, "
            + "unchanged) and its rejected lines. A bad line is rejected with its line number and the problem a single request "
            + "would give, and never stops the run. The upload is kept until the run has read it. One import runs at a time "
            + "per replica.";

    /** Placeholder operationId → the path below the resource's own, and the operationId's form from the names. */
    private static final Map<String, Naming> NAMINGS = Map.of(
            BulkResource.START_IMPORT, new Naming(BulkResource.START, "import%2$s"),
            BulkResource.EXPORT_ITEMS, new Naming(BulkResource.EXPORT, "export%2$s"),
            BulkResource.LIST_RUNS, new Naming("/imports", "list%1$sImports"),
            BulkResource.GET_RUN, new Naming("/imports/{id}", "get%1$sImport"),
            BulkResource.LIST_REJECTS, new Naming("/imports/{id}/rejects", "list%1$sImportRejects"));

    private final Map<String, Items> itemsByResourcePath;

    /** The names of the resources of {@code index}: every class with {@link BulkNamed}. */
    public BulkDocumentation(IndexView index) {
        this(itemsIn(index));
    }

    /** @param itemsByResourcePath each bulk resource's {@code @Path} (as the document writes paths) and what it names */
    BulkDocumentation(Map<String, Items> itemsByResourcePath) {
        this.itemsByResourcePath = Map.copyOf(itemsByResourcePath);
    }

    /** A resource's {@link BulkNamed}, with its line type as the document names its schema. */
    record Items(String name, String plural, String lineSchema, String importing, String exporting) {
    }

    private static Map<String, Items> itemsIn(IndexView index) {
        Map<String, Items> items = new HashMap<>();
        for (AnnotationInstance named : index.getAnnotations(NAMED)) {
            if (named.target().kind() != AnnotationTarget.Kind.CLASS) {
                continue;
            }
            ClassInfo resource = named.target().asClass();
            AnnotationInstance path = resource.declaredAnnotation(PATH);
            if (path == null) {
                throw new IllegalStateException(resource.name() + " has @BulkNamed but no @Path of its own");
            }
            items.put(BulkResource.documentPath(path.value().asString()), new Items(named.value().asString(),
                    named.value("plural").asString(), schemaName(index, named.value("line").asClass().name()),
                    named.value("importing").asString(), named.value("exporting").asString()));
        }
        return items;
    }

    /** What SmallRye calls a class's schema: the name of its class-level {@code @Schema}, else its own simple name. */
    private static String schemaName(IndexView index, DotName type) {
        ClassInfo line = index.getClassByName(type);
        AnnotationInstance schema = line == null ? null : line.declaredAnnotation(SCHEMA);
        AnnotationValue name = schema == null ? null : schema.value("name");
        if (name != null) {
            return name.asString();
        }
        String simple = type.withoutPackagePrefix();
        return simple.substring(simple.lastIndexOf('$') + 1); // a nested class is named by its own name, as SmallRye does
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            makeTheServices(openAPI, path, item.getGET());
            makeTheServices(openAPI, path, item.getPOST());
        });
    }

    /** An operation BulkResource declares (its operationId is a placeholder) becomes that of the service below whose path it is. */
    private void makeTheServices(OpenAPI openAPI, String path, Operation operation) {
        if (operation == null || operation.getOperationId() == null) {
            return;
        }
        Naming naming = NAMINGS.get(operation.getOperationId());
        if (naming == null) {
            return;
        }
        String resource = path.endsWith(naming.below()) ? path.substring(0, path.length() - naming.below().length()) : null;
        Items items = resource == null ? null : itemsByResourcePath.get(resource);
        if (items == null) {
            throw new IllegalStateException(path + " is inherited from BulkResource, but its resource class has no "
                    + "@BulkNamed: its operationId would be the placeholder " + operation.getOperationId());
        }
        String placeholder = operation.getOperationId();
        operation.setOperationId(naming.operationId().formatted(items.name(), items.plural()));
        switch (placeholder) {
            case BulkResource.START_IMPORT -> documentImport(openAPI, resource, items, operation);
            case BulkResource.EXPORT_ITEMS -> documentExport(openAPI, resource, items, operation);
            default -> {
                String summary = operation.getSummary();
                operation.setSummary(items.name() + " " + Character.toLowerCase(summary.charAt(0)) + summary.substring(1));
            }
        }
    }

    private static void documentImport(OpenAPI openAPI, String resource, Items items, Operation start) {
        start.setSummary("Import " + lower(items.plural()) + " from NDJSON, as a job (admin)");
        start.setDescription(items.importing() + " " + IMPORTING);
        start.getRequestBody().setContent(lines(openAPI, items));
        APIResponses answers = start.getResponses();
        // The scanner's own answer for a method that returns a Response: an import start never answers 200
        // (BulkImports.accepted answers 202).
        answers.removeAPIResponse("200");
        answers.addAPIResponse("202", OASFactory.createAPIResponse().description("The run, started; follow Location")
                .addHeader("Location", OASFactory.createHeader().description("The run: " + resource + "/imports/{id}")
                        .schema(OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING))))
                .content(OASFactory.createContent().addMediaType(MediaType.APPLICATION_JSON,
                        OASFactory.createMediaType().schema(OASFactory.createSchema().ref(RUN)))));
        addIfAbsent(answers, "400", "Empty file");
        addIfAbsent(answers, "409", "Another import is running on this replica");
        addIfAbsent(answers, "413", "File over shop.bulk.max-body-size (1 GiB by default)");
        addIfAbsent(answers, "503", "The database is unavailable");
    }

    private static void documentExport(OpenAPI openAPI, String resource, Items items, Operation export) {
        export.setSummary("Export " + lower(items.plural()) + " as NDJSON, streamed (admin)");
        export.setDescription("Every item, one a line, in the form POST " + resource + BulkResource.START + " takes back. "
                + items.exporting());
        APIResponses answers = export.getResponses();
        answers.getAPIResponse("200").setContent(lines(openAPI, items));
        addIfAbsent(answers, "503", "The items cannot be read now: the database is unavailable, or a long change holds them");
    }

    /** NDJSON whose every line is one of the service's line type. */
    private static Content lines(OpenAPI openAPI, Items items) {
        boolean known = openAPI.getComponents() != null && openAPI.getComponents().getSchemas() != null
                && openAPI.getComponents().getSchemas().containsKey(items.lineSchema());
        if (!known) {
            throw new IllegalStateException("The " + items.name() + " import's line schema " + items.lineSchema() + " is not in "
                    + "the document: give its line type a class-level @Schema(name = \"" + items.lineSchema() + "\")");
        }
        return OASFactory.createContent().addMediaType(BulkImports.NDJSON,
                OASFactory.createMediaType().schema(OASFactory.createSchema().ref(SCHEMAS + items.lineSchema())));
    }

    private static void addIfAbsent(APIResponses answers, String status, String description) {
        if (!answers.hasAPIResponse(status)) {
            answers.addAPIResponse(status, OASFactory.createAPIResponse().description(description));
        }
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private record Naming(String below, String operationId) {
    }
}
