package com.example.shop.publicapi;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The build-time merge: {@code StoredDocumentsMerge <output.json> catalog=<file> category=<file> cart=<file>}
 * merges the documents the services wrote at build time ({@code quarkus.smallrye-openapi.store-schema-directory})
 * exactly as the gateway merges their live ones, and writes the result (JSON). The end-to-end build
 * generates a client from it and lints it.
 */
public final class StoredDocumentsMerge {

    private StoredDocumentsMerge() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1 + Routes.SERVICES.size()) {
            throw new IllegalArgumentException("usage: StoredDocumentsMerge <output.json> catalog=<file> category=<file> cart=<file>");
        }
        Map<String, JsonNode> documents = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            int equals = args[i].indexOf('=');
            if (equals < 0) {
                throw new IllegalArgumentException("expected service=file, got " + args[i]);
            }
            Path file = Path.of(args[i].substring(equals + 1));
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException(file + " does not exist: build the " + args[i].substring(0, equals)
                        + " service first (it writes its document when it is packaged)");
            }
            documents.put(args[i].substring(0, equals), ApiDocument.parse(Files.readAllBytes(file)));
        }
        Path output = Path.of(args[0]);
        if (output.getParent() != null) {
            Files.createDirectories(output.getParent());
        }
        Files.write(output, ApiDocument.json(ApiDocument.merge(documents)));
        System.out.println("API document: " + output);
    }
}
