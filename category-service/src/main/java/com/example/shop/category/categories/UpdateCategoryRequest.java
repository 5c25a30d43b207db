package com.example.shop.category.categories;

import com.example.shop.web.identifiers.Identifiers;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSetter;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code PATCH /categories/{slug}}: any of {@code name}, {@code slug}, {@code parent}. A class
 * rather than a record because an absent {@code parent} (no move) must be told from
 * {@code "parent": null} (make it a root).
 */
@Schema(description = "Give at least one field. parent: the new parent's slug, or null to make the category a root; absent: not moved.")
public class UpdateCategoryRequest {

    @Size(max = CategoryResource.NAME_MAX)
    // [\s\S] rather than the (?s) flag: the pattern is published in the OpenAPI document, where it must be
    // an ECMA-262 regular expression as well as a Java one.
    @Pattern(regexp = "[\\s\\S]*\\S[\\s\\S]*", message = "must not be blank")
    private String name;

    @Size(min = 1, max = Identifiers.SLUG_MAX)
    @Pattern(regexp = Identifiers.SLUG, message = CategoryResource.SLUG_MESSAGE)
    private String slug;

    @Size(min = 1, max = Identifiers.SLUG_MAX)
    @Pattern(regexp = Identifiers.SLUG, message = CategoryResource.SLUG_MESSAGE)
    @Schema(nullable = true)
    private String parent;

    @JsonIgnore
    private boolean nameGiven;
    @JsonIgnore
    private boolean slugGiven;
    @JsonIgnore
    private boolean parentGiven;

    @JsonSetter("name")
    public void setName(String name) {
        this.name = name;
        this.nameGiven = true;
    }

    @JsonSetter("slug")
    public void setSlug(String slug) {
        this.slug = slug;
        this.slugGiven = true;
    }

    @JsonSetter("parent")
    public void setParent(String parent) {
        this.parent = parent;
        this.parentGiven = true;
    }

    public String getName() {
        return name;
    }

    public String getSlug() {
        return slug;
    }

    public String getParent() {
        return parent;
    }

    @JsonIgnore
    public boolean nameGiven() {
        return nameGiven;
    }

    @JsonIgnore
    public boolean slugGiven() {
        return slugGiven;
    }

    @JsonIgnore
    public boolean parentGiven() {
        return parentGiven;
    }
}
