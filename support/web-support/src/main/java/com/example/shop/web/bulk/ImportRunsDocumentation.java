package com.example.shop.web.bulk;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import jakarta.ws.rs.core.MediaType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

/**
 * Documents what every service's import has in common, from {@link ImportRunsResource}:
 * <ul>
 * <li>names the operations each service inherits from that class after what the service imports:
 * the placeholder operationIds become {@code list<Name>Imports}, {@code get<Name>Import} and
 * {@code list<Name>ImportRejects}, and their summaries begin with the name ({@code "Stock import
 * runs, newest first (admin)"}). The operationIds must differ from one service to the next (the
 * gateway merges the documents, and the e2e client is generated from the merged one), and
 * annotations inherited from one class cannot differ, hence this filter;</li>
 * <li>gives the {@code POST <resource>/import} each service declares itself (its request body and
 * what a line does are its own) the answers {@link BulkImports#start} and
 * {@link BulkImports#accepted} give in every service: 202 with the run and its Location, 400 for an
 * empty file, 409 while another import runs, 413 over {@code shop.bulk.max-body-size}. An answer the
 * operation declares itself wins.</li>
 * </ul>
 * The name comes from the resource's {@link ImportRunsNamed}, found in the Jandex index the
 * document is built from, which SmallRye OpenAPI hands to the constructor; so the filter runs at
 * build time, and the document every service stores and serves has the names. An inherited
 * operation with no name fails the build rather than publish a placeholder.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class ImportRunsDocumentation implements OASFilter {

    private static final DotName NAMED = DotName.createSimple(ImportRunsNamed.class.getName());
    private static final DotName PATH = DotName.createSimple("jakarta.ws.rs.Path");
    /** The run's schema: ImportRunsResource's own operations put it in the document. */
    private static final String IMPORT_RUN = "#/components/schemas/ImportRun";

    /** Placeholder operationId → the path below the resource's own and the operationId's form. */
    private static final Map<String, Naming> NAMINGS = Map.of(
            ImportRunsResource.LIST_RUNS, new Naming("/imports", "list%sImports"),
            ImportRunsResource.GET_RUN, new Naming("/imports/{id}", "get%sImport"),
            ImportRunsResource.LIST_REJECTS, new Naming("/imports/{id}/rejects", "list%sImportRejects"));

    private final Map<String, String> nameByResourcePath;

    /** The names of the resources of {@code index}: every class with {@link ImportRunsNamed}. */
    public ImportRunsDocumentation(IndexView index) {
        this(namesIn(index));
    }

    /** @param nameByResourcePath each import resource's {@code @Path} (as the document writes paths) and its name */
    ImportRunsDocumentation(Map<String, String> nameByResourcePath) {
        this.nameByResourcePath = Map.copyOf(nameByResourcePath);
    }

    private static Map<String, String> namesIn(IndexView index) {
        Map<String, String> names = new HashMap<>();
        for (AnnotationInstance named : index.getAnnotations(NAMED)) {
            if (named.target().kind() != AnnotationTarget.Kind.CLASS) {
                continue;
            }
            ClassInfo resource = named.target().asClass();
            AnnotationInstance path = resource.declaredAnnotation(PATH);
            if (path == null) {
                throw new IllegalStateException(resource.name() + " has @ImportRunsNamed but no @Path of its own");
            }
            names.put(documentPath(path.value().asString()), named.value().asString());
        }
        return names;
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            name(path, item.getGET());
            documentStart(path, item.getPOST());
        });
    }

    private void name(String path, Operation operation) {
        if (operation == null || operation.getOperationId() == null) {
            return;
        }
        Naming naming = NAMINGS.get(operation.getOperationId());
        if (naming == null) {
            return;
        }
        String name = path.endsWith(naming.below())
                ? nameByResourcePath.get(path.substring(0, path.length() - naming.below().length()))
                : null;
        if (name == null) {
            throw new IllegalStateException("GET " + path + " is inherited from ImportRunsResource, but its resource class "
                    + "has no @ImportRunsNamed: its operationId would be the placeholder " + operation.getOperationId());
        }
        operation.setOperationId(naming.operationId().formatted(name));
        String summary = operation.getSummary();
        operation.setSummary(name + " " + Character.toLowerCase(summary.charAt(0)) + summary.substring(1));
    }

    private void documentStart(String path, Operation start) {
        if (start == null || !path.endsWith(ImportRunsResource.START)) {
            return;
        }
        String resource = path.substring(0, path.length() - ImportRunsResource.START.length());
        if (!nameByResourcePath.containsKey(resource)) {
            return;
        }
        if (start.getResponses() == null) {
            start.setResponses(OASFactory.createAPIResponses());
        }
        APIResponses answers = start.getResponses();
        if (!answers.hasAPIResponse("202")) {
            // The scanner's own answer for a method that returns a Response and declares none: an import
            // start never answers 200 (BulkImports.accepted answers 202).
            answers.removeAPIResponse("200");
        }
        addIfAbsent(answers, "202", OASFactory.createAPIResponse().description("The run, started; follow Location")
                .addHeader("Location", OASFactory.createHeader().description("The run: " + resource + "/imports/{id}")
                        .schema(OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING))))
                .content(OASFactory.createContent().addMediaType(MediaType.APPLICATION_JSON,
                        OASFactory.createMediaType().schema(OASFactory.createSchema().ref(IMPORT_RUN)))));
        addIfAbsent(answers, "400", OASFactory.createAPIResponse().description("Empty file"));
        addIfAbsent(answers, "409", OASFactory.createAPIResponse().description("Another import is running on this replica"));
        addIfAbsent(answers, "413", OASFactory.createAPIResponse()
                .description("File over shop.bulk.max-body-size (1 GiB by default)"));
    }

    private static void addIfAbsent(APIResponses answers, String status, APIResponse answer) {
        if (!answers.hasAPIResponse(status)) {
            answers.addAPIResponse(status, answer);
        }
    }

    /** A {@code @Path} value as the document writes it: one leading slash, no trailing one. */
    private static String documentPath(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        return "/" + trimmed;
    }

    private record Naming(String below, String operationId) {
    }
}
