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
        return ProblemResponses.of(RequestProblems.ofJson(e));
    }

    @ServerExceptionMapper
    public Response invalidInstantiation(ValueInstantiationException e) {
        return ProblemResponses.of(RequestProblems.ofJson(e));
    }

    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return ProblemResponses.of(RequestProblems.ofJson(e));
    }

    @ServerExceptionMapper
    public Response invalidJson(JsonProcessingException e) {
        return ProblemResponses.of(RequestProblems.ofJson(e));
    }

    @ServerExceptionMapper
    public Response violations(ResteasyReactiveViolationException e) {
        return constraintViolations(e);
    }

    @ServerExceptionMapper
    public Response constraintViolations(ConstraintViolationException e) {
        return ProblemResponses.of(RequestProblems.ofViolations(e.getConstraintViolations(), e.getMessage()));
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

    public record FieldViolation(String field, String message) {
    }
}
