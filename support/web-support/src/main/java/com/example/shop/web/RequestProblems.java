package com.example.shop.web;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The problem a client's body earns when it cannot be read (bad JSON, a wrong type, an unknown
 * field) or breaks a constraint. One place, used by the HTTP mappers ({@link ProblemMappers}) and by
 * the bulk imports, which reject a line with exactly the problem a single request would get.
 */
public final class RequestProblems {

    private static final Set<String> BODY_PARAMETER_NAMES = Set.of("body", "request", "arg0", "arg1", "arg2");

    private RequestProblems() {
    }

    /** A body Jackson could not read or bind. */
    public static Problem ofJson(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            String field = JsonPaths.of(unknown);
            return Problem.of(400, "unknown-field", "Unknown field", "Unknown field '" + field + "'").with("field", field);
        }
        if (e instanceof ValueInstantiationException instantiation) {
            // A record's compact constructor refused a value; its message names the field.
            Throwable cause = instantiation.getCause() != null ? instantiation.getCause() : instantiation;
            if (cause instanceof ProblemException problem) {
                return problem.problem();
            }
            String field = JsonPaths.of(instantiation);
            return Problem.of(400, "invalid-field", "Invalid field",
                    cause.getMessage() == null ? "Invalid value for '" + field + "'" : cause.getMessage()).with("field", field);
        }
        if (e instanceof MismatchedInputException mismatch) {
            return describeMismatch(mismatch);
        }
        if (e instanceof JsonMappingException mapping && mapping.getCause() instanceof ProblemException problem) {
            return problem.problem();
        }
        return Problem.of(400, "malformed-json", "Malformed JSON", "The request body is not valid JSON: " + e.getOriginalMessage());
    }

    /** Bean-validation failures: the first field (in name order) is {@code field}, all are in {@code violations}. */
    public static Problem ofViolations(Collection<? extends ConstraintViolation<?>> violations, String fallbackDetail) {
        List<ConstraintViolation<?>> sorted = violations.stream()
                .<ConstraintViolation<?>>map(v -> v)
                .sorted(Comparator.comparing(v -> fieldOf(v.getPropertyPath())))
                .toList();
        if (sorted.isEmpty()) {
            return Problem.of(400, "invalid-field", "Invalid field", fallbackDetail);
        }
        String field = fieldOf(sorted.get(0).getPropertyPath());
        String detail = sorted.stream()
                .map(v -> "'" + fieldOf(v.getPropertyPath()) + "' " + v.getMessage())
                .reduce((a, b) -> a + "; " + b).orElseThrow();
        return Problem.of(400, "invalid-field", "Invalid field", detail)
                .with("field", field)
                .with("violations", sorted.stream()
                        .map(v -> new ProblemMappers.FieldViolation(fieldOf(v.getPropertyPath()), v.getMessage()))
                        .toList());
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



    private static boolean isBodyParameter(StringBuilder field) {
        return BODY_PARAMETER_NAMES.contains(field.toString());
    }

}
