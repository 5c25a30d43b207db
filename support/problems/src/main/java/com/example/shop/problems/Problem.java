package com.example.shop.problems;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An RFC 9457 problem. {@code type} and {@code title} are stable per kind of problem (clients
 * switch on {@code type}); {@code detail} is for humans and names the offending field or value.
 * Extension members (for example {@code available} on insufficient inventory, {@code field} on bad
 * input) sit beside the standard members in the JSON object, as the RFC prescribes.
 *
 * @param instance may be null; it is then left out
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"type", "title", "status", "detail", "instance"})
public record Problem(String type, String title, int status, String detail, String instance,
                      @JsonIgnore Map<String, Object> extensions) {

    /** Problem types are URIs under this base followed by the problem's slug. */
    public static final String TYPE_BASE = "https://problems.shop.example/";

    public static final String MEDIA_TYPE = "application/problem+json";

    public Problem {
        extensions = extensions == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
    }

    public static Problem of(int status, String slug, String title, String detail) {
        return new Problem(TYPE_BASE + slug, title, status, detail, null, Map.of());
    }

    /** This problem with one more extension member (replacing one of the same name). */
    public Problem with(String member, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(extensions);
        more.put(member, value);
        return new Problem(type, title, status, detail, instance, more);
    }

    /** The extension member of that name, or null. */
    public Object member(String name) {
        return extensions.get(name);
    }

    /**
     * The extension members as JSON writes them, beside the standard ones (RFC 9457, section 3.2);
     * a member whose value is null is left out, as the standard members are.
     */
    @JsonAnyGetter
    public Map<String, Object> members() {
        Map<String, Object> present = new LinkedHashMap<>();
        extensions.forEach((name, value) -> {
            if (value != null) {
                present.put(name, value);
            }
        });
        return present;
    }
}
