package com.example.shop.catalog.producttype;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.problems.Problems;
import com.example.shop.web.WireName;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import jakarta.inject.Singleton;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Declares a new product type: one {@code insertOne} whose {@code _id} is the name, so a
 * duplicate is refused by the primary key (409), then the {@link ProductTypeListener} is told every
 * type (the products' collection validator is rebuilt to know the new one). Types are never changed
 * once declared.
 */
@Singleton
public record DeclareProductType(ProductTypeStore store, ProductTypes types, ProductTypeListener listener) {

    private static final Pattern ATTRIBUTE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    /** The most values one option may list, and the longest value: a product's variants stay bounded anyway. */
    public static final int MAX_OPTION_VALUES = 100;
    public static final int MAX_OPTION_VALUE = 100;

    public ProductType declare(ProductType type) {
        checkDeclaration(type);
        try {
            store.insert(type);
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                throw CatalogProblems.duplicateProductType(type.name());
            }
            throw e;
        }
        listener.typesChanged(types.list());
        return type;
    }

    /** Rules a declaration must follow beyond its field constraints; 400 naming the attribute or option. */
    static void checkDeclaration(ProductType type) {
        checkAttributes(type);
        checkOptions(type);
        if (type.max_per_cart_scope() != null && !type.max_per_cart_scope().equals(ProductType.SCOPE_VARIANT)
                && !type.max_per_cart_scope().equals(ProductType.SCOPE_PRODUCT)) {
            throw Problems.invalidField("max_per_cart_scope", "'max_per_cart_scope' must be variant or product");
        }
    }

    /** Each option: a name as attributes have, declared once; values, when given, distinct non-blank strings. */
    private static void checkOptions(ProductType type) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < type.options().size(); i++) {
            ProductType.Option option = type.options().get(i);
            String field = "options[" + i + "]";
            if (option == null) {
                throw Problems.invalidField(field, "'" + field + "' must be an option object");
            }
            if (option.name() == null || !ATTRIBUTE_NAME.matcher(option.name()).matches()) {
                throw Problems.invalidField(field + ".name", "'" + field + ".name' must be lower case letters, digits "
                        + "and '_', starting with a letter, at most 64 characters");
            }
            if (!seen.add(option.name())) {
                throw Problems.invalidField(field + ".name", "Option '" + option.name() + "' is declared twice");
            }
            if (option.values() == null) {
                continue;
            }
            if (option.values().isEmpty() || option.values().size() > MAX_OPTION_VALUES) {
                throw Problems.invalidField(field + ".values", "'" + field + ".values' must list 1 to "
                        + MAX_OPTION_VALUES + " values, or be left out for any value");
            }
            Set<String> values = new HashSet<>();
            for (int j = 0; j < option.values().size(); j++) {
                String value = option.values().get(j);
                String valueField = field + ".values[" + j + "]";
                if (value == null || value.isBlank() || value.length() > MAX_OPTION_VALUE) {
                    throw Problems.invalidField(valueField, "'" + valueField + "' must be a non-blank string of at most "
                            + MAX_OPTION_VALUE + " characters");
                }
                if (!values.add(value)) {
                    throw Problems.invalidField(valueField, "Value '" + value + "' is listed twice in '" + field + ".values'");
                }
            }
        }
    }

    private static void checkAttributes(ProductType type) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < type.attributes().size(); i++) {
            ProductType.Attribute attribute = type.attributes().get(i);
            String field = "attributes[" + i + "]";
            if (attribute == null) {
                throw Problems.invalidField(field, "'" + field + "' must be an attribute object");
            }
            if (attribute.name() == null || !ATTRIBUTE_NAME.matcher(attribute.name()).matches()) {
                throw Problems.invalidField(field + ".name", "'" + field + ".name' must be lower case letters, digits "
                        + "and '_', starting with a letter, at most 64 characters");
            }
            if (attribute.type() == null || WireName.find(AttributeType.class, attribute.type()).isEmpty()) {
                throw Problems.invalidField(field + ".type", "'" + field + ".type' must be one of "
                        + WireName.all(AttributeType.class));
            }
            if (!seen.add(attribute.name())) {
                throw Problems.invalidField(field + ".name", "Attribute '" + attribute.name() + "' is declared twice");
            }
            AttributeType valueType = attribute.valueType();
            if (attribute.name().equals("issue_date") && valueType != AttributeType.DATE) {
                throw Problems.invalidField(field + ".type",
                        "Attribute 'issue_date' must be of type date: the catalog sorts by it");
            }
            if ((attribute.name().equals("genre") || attribute.name().equals("actor"))
                    && valueType != AttributeType.STRING && valueType != AttributeType.STRING_LIST) {
                throw Problems.invalidField(field + ".type", "Attribute '" + attribute.name()
                        + "' must be of type string or string_list: the catalog filters by it");
            }
        }
    }
}
