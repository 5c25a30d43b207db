package com.example.shop.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** {@code snapshot --mongo URI --out FILE}: every document of the three databases, one per line. */
final class SnapshotCommand {

    static int run(Args a) throws Exception {
        try (Db db = new Db(a.required("mongo"))) {
            Map<String, String> snap = db.snapshot();
            StringBuilder sb = new StringBuilder();
            snap.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
            Files.writeString(Path.of(a.required("out")), sb);
            System.out.println(snap.size() + " documents");
            return 0;
        }
    }
}
