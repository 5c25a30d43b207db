package com.example.shop.gateway;

import com.example.shop.testsupport.TestTokens;
import java.util.ServiceConfigurationError;
import java.util.function.Supplier;

/**
 * {@link TestTokens}, guarded against a class-loading flake seen once in this module: the JWT
 * builder looks its configuration up through the thread's context class loader, and in one run
 * every lookup failed with "QuarkusConfigFactory not a subtype". Retrying with the class loader
 * of the config library itself gives the builder a consistent view.
 */
final class Tokens {

    private Tokens() {
    }

    static String admin() {
        return mint(TestTokens::admin);
    }

    static String withRoles(String... roles) {
        return mint(() -> TestTokens.withRoles(roles));
    }

    static String expiredAdmin() {
        return mint(TestTokens::expiredAdmin);
    }

    static String forgedAdmin() {
        return mint(TestTokens::forgedAdmin);
    }

    private static String mint(Supplier<String> token) {
        try {
            return token.get();
        } catch (ServiceConfigurationError e) {
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(io.smallrye.config.SmallRyeConfigProviderResolver.class.getClassLoader());
            try {
                return token.get();
            } finally {
                thread.setContextClassLoader(previous);
            }
        }
    }
}
