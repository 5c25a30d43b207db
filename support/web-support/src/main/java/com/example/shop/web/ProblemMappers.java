package com.example.shop.web;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.example.shop.web.database.TransientMongoErrors;
import com.mongodb.MongoException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.quarkus.hibernate.validator.runtime.jaxrs.ResteasyReactiveViolationException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every failure leaves a service as an RFC 9457 problem: client mistakes as a 4xx naming the
 * field, dependency outages as a 503, anything unexpected as a bare 500 without internals.
 * One class so that the whole error vocabulary can be read in one place.
 */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public Response problem(ProblemException e) {
        return ProblemResponses.of(e.problem());
    }

    @ServerExceptionMapper
    public Response unrecognizedField(UnrecognizedPropertyException e) {
        String field = JsonPaths.of(e);
        return ProblemResponses.of(Problem.of(400, "unknown-field", "Unknown field",
                "Unknown field '" + field + "'").with("field", field));
    }

    @ServerExceptionMapper
    public Response invalidInstantiation(ValueInstantiationException e) {
        // A record's compact constructor refused a value; its message names the field.
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        if (cause instanceof ProblemException problem) {
            return ProblemResponses.of(problem.problem());
        }
        String field = JsonPaths.of(e);
        return ProblemResponses.of(Problem.of(400, "invalid-field", "Invalid field",
                cause.getMessage() == null ? "Invalid value for '" + field + "'" : cause.getMessage())
                .with("field", field));
    }

    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return ProblemResponses.of(describeMismatch(e));
    }

    @ServerExceptionMapper
    public Response invalidJson(JsonProcessingException e) {
        if (e instanceof MismatchedInputException mismatch) {
            return ProblemResponses.of(describeMismatch(mismatch));
        }
        if (e instanceof JsonMappingException mapping && mapping.getCause() instanceof ProblemException problem) {
            return ProblemResponses.of(problem.problem());
        }
        return ProblemResponses.of(Problem.of(400, "malformed-json", "Malformed JSON",
                "The request body is not valid JSON: " + e.getOriginalMessage()));
    }

    @ServerExceptionMapper
    public Response violations(ResteasyReactiveViolationException e) {
        return constraintViolations(e);
    }

    @ServerExceptionMapper
    public Response constraintViolations(ConstraintViolationException e) {
        List<ConstraintViolation<?>> sorted = e.getConstraintViolations().stream()
                .sorted(Comparator.comparing(v -> fieldOf(v.getPropertyPath())))
                .toList();
        if (sorted.isEmpty()) {
            return ProblemResponses.of(Problem.of(400, "invalid-field", "Invalid field", e.getMessage()));
        }
        ConstraintViolation<?> first = sorted.get(0);
        String field = fieldOf(first.getPropertyPath());
        String detail = sorted.stream()
                .map(v -> "'" + fieldOf(v.getPropertyPath()) + "' " + v.getMessage())
                .reduce((a, b) -> a + "; " + b).orElseThrow();
        return ProblemResponses.of(Problem.of(400, "invalid-field", "Invalid field", detail)
                .with("field", field)
                .with("violations", sorted.stream()
                        .map(v -> new FieldViolation(fieldOf(v.getPropertyPath()), v.getMessage()))
                        .toList()));
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return invalidJson(json);
        }
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        if (status >= 500) {
            LOG.error("Request failed", e);
            return ProblemResponses.of(Problem.of(status, "internal-error", "Internal error",
                    "The request could not be completed."));
        }
        Response.StatusType type = Response.Status.fromStatusCode(status);
        String title = type == null ? "Error" : type.getReasonPhrase();
        String slug = title.toLowerCase().replace(' ', '-');
        String detail = switch (status) {
            case 404 -> "No resource at this path.";
            case 405 -> "This method is not allowed on this path.";
            case 406 -> "This resource cannot produce the requested media type.";
            case 415 -> "This media type is not supported here; send application/json.";
            case 401 -> "A valid bearer token is required.";
            case 403 -> "This token does not grant the role this operation needs.";
            default -> e.getMessage();
        };
        return ProblemResponses.of(Problem.of(status, slug, title, detail));
    }

    @ServerExceptionMapper
    public Response unauthenticated(UnauthorizedException e) {
        return unauthorized();
    }

    @ServerExceptionMapper
    public Response badCredentials(AuthenticationFailedException e) {
        return unauthorized();
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return ProblemResponses.of(Problem.of(403, "forbidden", "Forbidden",
                "This token does not grant the role this operation needs."));
    }

    /**
     * A MongoDB failure: a passing state of the database (unreachable, a step-down or failover, a
     * write concern not met in time, a time limit: {@link TransientMongoErrors}) is a 503 the
     * client may retry, never a 500; anything else is unexpected.
     */
    @ServerExceptionMapper
    public Response database(MongoException e) {
        if (!TransientMongoErrors.isTransient(e)) {
            return unexpected(e);
        }
        LOG.warnf("Database unavailable: %s (code %d%s)", e.getMessage(), e.getCode(),
                e.getErrorLabels().isEmpty() ? "" : ", labels " + e.getErrorLabels());
        return ProblemResponses.of(Problem.of(503, "service-unavailable", "Service unavailable",
                "The database cannot complete the request right now; retry later.").with("dependency", "mongodb"));
    }

    @ServerExceptionMapper
    public Response unexpected(Exception e) {
        LOG.error("Unexpected failure", e);
        return ProblemResponses.of(Problem.of(500, "internal-error", "Internal error",
                "The request could not be completed."));
    }

    private static Response unauthorized() {
        return Response.fromResponse(ProblemResponses.of(Problem.of(401, "unauthorized", "Unauthorized",
                "A valid bearer token is required.")))
                .header("WWW-Authenticate", "Bearer").build();
    }

    private static Problem describeMismatch(MismatchedInputException e) {
        String field = JsonPaths.of(e);
        if (field.isEmpty()) {
            String detail = e.getTargetType() == null
                    ? "The request body has the wrong shape."
                    : "The request body must be a JSON " + JsonPaths.describe(e.getTargetType()) + ".";
            return Problem.of(400, "invalid-body", "Invalid request body", detail);
        }
        String expected = e.getTargetType() == null ? "another type" : JsonPaths.describe(e.getTargetType());
        String detail = e instanceof InvalidFormatException invalid
                ? "Field '" + field + "' has an invalid value " + JsonPaths.quote(invalid.getValue()) + "; expected " + expected
                : "Field '" + field + "' must be " + expected;
        return Problem.of(400, "invalid-field", "Invalid field", detail).with("field", field);
    }

    /**
     * Renders a validation path the way the client wrote the JSON, dropping the method and
     * parameter nodes: {@code create.body.attributes[0].type} → {@code attributes[0].type},
     * {@code create.body.category_ids[2]} → {@code category_ids[2]}. Hibernate Validator puts a
     * list index on the node that follows the list, so it is written before that node's name.
     */
    static String fieldOf(Path path) {
        StringBuilder field = new StringBuilder();
        for (Path.Node node : path) {
            switch (node.getKind()) {
                case METHOD, CONSTRUCTOR, RETURN_VALUE, CROSS_PARAMETER -> field.setLength(0);
                case PARAMETER -> {
                    field.setLength(0);
                    field.append(node.getName());
                }
                default -> {
                    if (isBodyParameter(field)) {
                        field.setLength(0);
                    }
                    if (node.isInIterable()) {
                        if (node.getIndex() != null) {
                            field.append('[').append(node.getIndex()).append(']');
                        } else if (node.getKey() != null) {
                            field.append('[').append(node.getKey()).append(']');
                        }
                    }
                    if (node.getKind() == jakarta.validation.ElementKind.CONTAINER_ELEMENT || node.getName() == null) {
                        continue;
                    }
                    if (!field.isEmpty()) {
                        field.append('.');
                    }
                    field.append(node.getName());
                }
            }
        }
        return field.toString();
    }

    private static final Set<String> BODY_PARAMETER_NAMES = Set.of("body", "request", "arg0", "arg1", "arg2");

    private static boolean isBodyParameter(StringBuilder field) {
        return BODY_PARAMETER_NAMES.contains(field.toString());
    }

    public record FieldViolation(String field, String message) {
    }
}
