package com.example.shop.e2e;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;

/**
 * RS256 tokens the platform's own script does not make: one without the admin group (signed with the
 * platform's key, so only the role is wrong) and one signed with a key of nobody's (so it is simply
 * a wrong token).
 */
final class TestJwts {

    private static final String ISSUER = "https://shop.example/issuer";

    private TestJwts() {
    }

    static String customerToken(Path platformDirectory) throws Exception {
        String pem = Files.readString(platformDirectory.resolve("keys").resolve("private.pem"));
        String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        PrivateKey key = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(base64)));
        return sign(key, "[\"customer\"]");
    }

    static String tokenOfAnotherIssuerKey() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return sign(generator.generateKeyPair().getPrivate(), "[\"admin\"]");
    }

    private static String sign(PrivateKey key, String groups) throws Exception {
        long now = Instant.now().getEpochSecond();
        String header = encode("{\"alg\":\"RS256\",\"typ\":\"JWT\"}");
        String payload = encode("{\"iss\":\"" + ISSUER + "\",\"sub\":\"story-8\",\"upn\":\"story-8\",\"groups\":" + groups
                + ",\"iat\":" + now + ",\"exp\":" + (now + 3600) + "}");
        Signature signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(key);
        signature.update((header + "." + payload).getBytes(StandardCharsets.US_ASCII));
        return header + "." + payload + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature.sign());
    }

    private static String encode(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
