package com.example.shop.web.openapi;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;

/**
 * Names the admin bearer token ({@link ProblemDocumentation#ADMIN_SCHEME}, with no scopes) as the
 * security of every operation that {@code @RolesAllowed} guards, read from the resource classes: the
 * annotation that makes an operation admin-only is then the one that documents it, and no resource
 * repeats it as a {@code @SecurityRequirement}. Guarded means what Quarkus enforces: the method's own
 * {@code @RolesAllowed}, or that of its class (the resource's, or the superclass's that declares an
 * inherited method) unless the method is {@code @PermitAll}.
 * <p>
 * Quarkus's own {@code auto-add-security-requirement} would do the same, but writes the roles as the
 * requirement's scopes (a bearer scheme has none) and its own 401 and 403; this filter runs at build
 * time, before {@link ProblemDocumentation}, which then gives those operations this platform's 401
 * and 403. An operation that declares a requirement of its own keeps it.
 * <p>
 * The operations are matched by method and path, so this does not depend on the operationIds (which
 * BulkDocumentation may rewrite in either order with this filter).
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class AdminTokenDocumentation implements OASFilter {

    private static final DotName PATH = DotName.createSimple("jakarta.ws.rs.Path");
    private static final DotName ROLES_ALLOWED = DotName.createSimple("jakarta.annotation.security.RolesAllowed");
    private static final DotName PERMIT_ALL = DotName.createSimple("jakarta.annotation.security.PermitAll");
    private static final Map<DotName, PathItem.HttpMethod> HTTP_METHODS = Map.of(
            DotName.createSimple("jakarta.ws.rs.GET"), PathItem.HttpMethod.GET,
            DotName.createSimple("jakarta.ws.rs.POST"), PathItem.HttpMethod.POST,
            DotName.createSimple("jakarta.ws.rs.PUT"), PathItem.HttpMethod.PUT,
            DotName.createSimple("jakarta.ws.rs.PATCH"), PathItem.HttpMethod.PATCH,
            DotName.createSimple("jakarta.ws.rs.DELETE"), PathItem.HttpMethod.DELETE,
            DotName.createSimple("jakarta.ws.rs.HEAD"), PathItem.HttpMethod.HEAD,
            DotName.createSimple("jakarta.ws.rs.OPTIONS"), PathItem.HttpMethod.OPTIONS);

    private final Set<String> guarded;

    /** The guarded operations of {@code index}'s resource classes (SmallRye OpenAPI hands the index in). */
    public AdminTokenDocumentation(IndexView index) {
        this(guardedIn(index));
    }

    /** @param guarded each guarded operation as {@link #key}: its method and its path as the document writes it */
    AdminTokenDocumentation(Set<String> guarded) {
        this.guarded = Set.copyOf(guarded);
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> item.getOperations().forEach((method, operation) -> {
            List<SecurityRequirement> declared = operation.getSecurity();
            if (guarded.contains(key(method, path)) && (declared == null || declared.isEmpty())) {
                operation.addSecurityRequirement(OASFactory.createSecurityRequirement()
                        .addScheme(ProblemDocumentation.ADMIN_SCHEME));
            }
        }));
    }

    static String key(PathItem.HttpMethod method, String path) {
        return method + " " + path;
    }

    private static Set<String> guardedIn(IndexView index) {
        Set<String> guarded = new HashSet<>();
        for (AnnotationInstance resourcePath : index.getAnnotations(PATH)) {
            if (resourcePath.target().kind() != AnnotationTarget.Kind.CLASS) {
                continue;
            }
            ClassInfo resource = resourcePath.target().asClass();
            for (ClassInfo declaring = resource; declaring != null; declaring = superclass(index, declaring)) {
                for (MethodInfo method : declaring.methods()) {
                    PathItem.HttpMethod httpMethod = httpMethod(method);
                    if (httpMethod != null && isGuarded(method, declaring, resource)) {
                        AnnotationInstance methodPath = method.declaredAnnotation(PATH);
                        guarded.add(key(httpMethod, documentPath(resourcePath.value().asString()
                                + "/" + (methodPath == null ? "" : methodPath.value().asString()))));
                    }
                }
            }
        }
        return guarded;
    }

    private static PathItem.HttpMethod httpMethod(MethodInfo method) {
        for (Map.Entry<DotName, PathItem.HttpMethod> http : HTTP_METHODS.entrySet()) {
            if (method.hasDeclaredAnnotation(http.getKey())) {
                return http.getValue();
            }
        }
        return null;
    }

    private static boolean isGuarded(MethodInfo method, ClassInfo declaring, ClassInfo resource) {
        if (method.hasDeclaredAnnotation(ROLES_ALLOWED)) {
            return true;
        }
        return !method.hasDeclaredAnnotation(PERMIT_ALL)
                && (declaring.hasDeclaredAnnotation(ROLES_ALLOWED) || resource.hasDeclaredAnnotation(ROLES_ALLOWED));
    }

    private static ClassInfo superclass(IndexView index, ClassInfo type) {
        return type.superName() == null ? null : index.getClassByName(type.superName());
    }

    /** A JAX-RS path as the document writes it: one leading slash, none doubled or trailing, templates without their regex. */
    static String documentPath(String path) {
        String plain = path.replaceAll("\\{\\s*([^}:\\s]+)\\s*:[^}]*}", "{$1}").replaceAll("/{2,}", "/").replaceAll("^/+|/+$", "");
        return "/" + plain;
    }
}
