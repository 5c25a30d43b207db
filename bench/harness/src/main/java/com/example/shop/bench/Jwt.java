package com.example.shop.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Tokens for the hostile sweep: the platform's own key (expired, wrong role, wrong issuer) and forgeries. */
final class Jwt {

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    final PrivateKey platformKey;
    final byte[] publicPem;
    final String issuer;

    Jwt(Path keys, String issuer) throws Exception {
        String pem = Files.readString(keys.resolve("private.pem"));
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""));
        this.platformKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        this.publicPem = Files.readAllBytes(keys.resolve("public.pem"));
        this.issuer = issuer;
    }

    static Map<String, Object> claims(String issuer, List<String> groups, long iat, long exp) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("iss", issuer);
        c.put("sub", "bench-hostile");
        c.put("upn", "bench-hostile");
        c.put("groups", groups);
        c.put("iat", iat);
        c.put("exp", exp);
        c.put("jti", Long.toHexString(System.nanoTime()));
        return c;
    }

    String rs256(PrivateKey key, Map<String, Object> claims) throws Exception {
        String signingInput = part(Map.of("alg", "RS256", "typ", "JWT")) + "." + part(claims);
        Signature s = Signature.getInstance("SHA256withRSA");
        s.initSign(key);
        s.update(signingInput.getBytes(StandardCharsets.US_ASCII));
        return signingInput + "." + B64.encodeToString(s.sign());
    }

    /** name → Authorization header value (null: no header), none of which may pass as an admin. */
    Map<String, String> hostile() throws Exception {
        long now = System.currentTimeMillis() / 1000;
        Map<String, String> t = new LinkedHashMap<>();
        t.put("no token", null);
        t.put("empty bearer", "Bearer ");
        t.put("garbage bearer", "Bearer not.a.jwt");
        t.put("basic auth", "Basic YWRtaW46YWRtaW4=");
        t.put("expired token (platform key)", "Bearer " + rs256(platformKey, claims(issuer, List.of("admin"), now - 7200, now - 3600)));
        t.put("wrong role (platform key)", "Bearer " + rs256(platformKey, claims(issuer, List.of("user"), now, now + 3600)));
        t.put("wrong issuer (platform key)", "Bearer " + rs256(platformKey, claims("https://evil.example/issuer", List.of("admin"), now, now + 3600)));
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        t.put("forged: signed by another key", "Bearer " + rs256(g.generateKeyPair().getPrivate(), claims(issuer, List.of("admin"), now, now + 3600)));
        t.put("forged: alg none", "Bearer " + part(Map.of("alg", "none", "typ", "JWT")) + "." + part(claims(issuer, List.of("admin"), now, now + 3600)) + ".");
        String hsInput = part(Map.of("alg", "HS256", "typ", "JWT")) + "." + part(claims(issuer, List.of("admin"), now, now + 3600));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(publicPem, "HmacSHA256"));
        t.put("forged: HS256 keyed with the public key", "Bearer " + hsInput + "." + B64.encodeToString(mac.doFinal(hsInput.getBytes(StandardCharsets.US_ASCII))));
        String valid = rs256(platformKey, claims(issuer, List.of("admin"), now, now + 3600));
        String[] p = valid.split("\\.");
        t.put("tampered payload (groups swapped in)", "Bearer " + p[0] + "." + part(claims(issuer, List.of("admin", "root"), now, now + 3600)) + "." + p[2]);
        t.put("signature stripped", "Bearer " + p[0] + "." + p[1] + ".");
        return t;
    }

    private static String part(Map<String, ?> json) {
        return B64.encodeToString(Api.json(json).getBytes(StandardCharsets.UTF_8));
    }
}
