package com.example.shop.web;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An RFC 9457 problem. {@code type} and {@code title} are stable per kind of problem (clients
 * switch on {@code type}); {@code detail} is for humans and names the offending field or value.
 * Extension members (for example {@code available} on insufficient inventory) are flattened
 * into the JSON object as the RFC prescribes.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String instance,
                      @com.fasterxml.jackson.annotation.JsonIgnore Map<String, Object> extensions) {

    /** Problem types are URIs under this base followed by the problem's slug. */
    public static final String TYPE_BASE = "https://problems.shop.example/";

    public static final String MEDIA_TYPE = "application/problem+json";

    public Problem {
        extensions = extensions == null ? Map.of() : Map.copyOf(extensions);
    }

    public static Problem of(int status, String slug, String title, String detail) {
        return new Problem(TYPE_BASE + slug, title, status, detail, null, Map.of());
    }

    public Problem with(String member, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(extensions);
        more.put(member, value);
        return new Problem(type, title, status, detail, instance, more);
    }

    @JsonAnyGetter
    public Map<String, Object> extensionMembers() {
        return extensions;
    }
}
