package com.example.shop.web.caching;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The cache policy of a resource class or method (a method's wins over its class'). Applied by
 * {@link ConditionalGet}; a resource without one gets no caching headers.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface HttpCaching {
    CachePolicy value();
}
