package com.example.shop.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

/** Configures the service under test to trust {@link TestTokens}' public key and issuer. */
public class JwtTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        try {
            Path pem = Files.createTempFile("test-jwt-public", ".pem");
            pem.toFile().deleteOnExit();
            String body = Base64.getMimeEncoder(64, "\n".getBytes())
                    .encodeToString(TestTokens.keys().getPublic().getEncoded());
            Files.writeString(pem, "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----\n");
            return Map.of(
                    "mp.jwt.verify.publickey.location", pem.toUri().toString(),
                    "mp.jwt.verify.issuer", TestTokens.ISSUER);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {
        // the temporary key file is deleted when the JVM exits
    }
}
