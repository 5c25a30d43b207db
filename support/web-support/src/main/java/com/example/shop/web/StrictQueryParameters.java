package com.example.shop.web;

import com.example.shop.problems.Problems;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * Query parameters are checked before the endpoint runs:
 * <ul>
 * <li>one the endpoint does not declare is refused with a 400 naming it: a typo such as
 * {@code gnre=Jazz} would otherwise silently return everything, and {@code type[$ne]=x} is an
 * attempt to smuggle an operator;</li>
 * <li>a declared integer or boolean parameter whose value does not parse is a 400 naming it
 * (JAX-RS itself would answer 404);</li>
 * <li>a single-valued parameter given twice is a 400, not a silent pick of one.</li>
 * </ul>
 */
@Provider
public class StrictQueryParameters implements ContainerRequestFilter {

    private final Map<Method, Map<String, Class<?>>> declared = new ConcurrentHashMap<>();

    @Context
    ResourceInfo resourceInfo;

    @Override
    public void filter(ContainerRequestContext request) {
        Method method = resourceInfo.getResourceMethod();
        if (method == null) {
            return;
        }
        Map<String, Class<?>> allowed = declared.computeIfAbsent(method, StrictQueryParameters::queryParametersOf);
        MultivaluedMap<String, String> given = request.getUriInfo().getQueryParameters();
        for (Map.Entry<String, List<String>> parameter : given.entrySet()) {
            String name = parameter.getKey();
            Class<?> type = allowed.get(name);
            if (type == null) {
                throw Problems.invalidField(name, "Unknown query parameter '" + name + "'"
                        + (allowed.isEmpty() ? "; this endpoint takes none"
                        : "; allowed: " + String.join(", ", allowed.keySet().stream().sorted().toList())));
            }
            if (!List.class.isAssignableFrom(type) && parameter.getValue().size() > 1) {
                throw Problems.invalidField(name, "Query parameter '" + name + "' may be given only once");
            }
            for (String value : parameter.getValue()) {
                checkParses(name, type, value);
            }
        }
    }

    private static void checkParses(String name, Class<?> type, String value) {
        try {
            if (type == Integer.class || type == int.class) {
                Integer.parseInt(value);
            } else if (type == Long.class || type == long.class) {
                Long.parseLong(value);
            } else if (type == Double.class || type == double.class) {
                Double.parseDouble(value);
            } else if ((type == Boolean.class || type == boolean.class)
                    && !value.equals("true") && !value.equals("false")) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            String expected = type == Boolean.class || type == boolean.class ? "true or false"
                    : type == Double.class || type == double.class ? "a number" : "an integer";
            throw Problems.invalidField(name, "Query parameter '" + name + "' must be " + expected
                    + ", not '" + Problems.excerpt(value) + "'");
        }
    }

    private static Map<String, Class<?>> queryParametersOf(Method method) {
        Map<String, Class<?>> names = new HashMap<>();
        for (Parameter parameter : method.getParameters()) {
            add(names, parameter.getAnnotation(QueryParam.class), parameter.getAnnotation(RestQuery.class),
                    parameter.getName(), parameter.getType());
            if (parameter.isAnnotationPresent(BeanParam.class)) {
                for (Class<?> type = parameter.getType(); type != null && type != Object.class; type = type.getSuperclass()) {
                    for (Field field : type.getDeclaredFields()) {
                        add(names, field.getAnnotation(QueryParam.class), field.getAnnotation(RestQuery.class),
                                field.getName(), field.getType());
                    }
                }
            }
        }
        return Map.copyOf(names);
    }

    private static void add(Map<String, Class<?>> names, QueryParam queryParam, RestQuery restQuery,
                            String fallback, Class<?> type) {
        if (queryParam != null) {
            names.put(queryParam.value(), type);
        } else if (restQuery != null) {
            names.put(restQuery.value().isEmpty() ? fallback : restQuery.value(), type);
        }
    }
}
