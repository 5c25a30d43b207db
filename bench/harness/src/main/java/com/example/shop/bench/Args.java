package com.example.shop.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/** {@code --name value} options of a subcommand; every option has a default. */
final class Args {

    private final Map<String, String> values = new HashMap<>();

    Args(String[] args, int from) {
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument: " + a);
            }
            String name = a.substring(2);
            if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                values.put(name, args[++i]);
            } else {
                values.put(name, "true");
            }
        }
    }

    String str(String name, String def) {
        return values.getOrDefault(name, def);
    }

    String required(String name) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("missing --" + name);
        }
        return v;
    }

    int integer(String name, int def) {
        return values.containsKey(name) ? Integer.parseInt(values.get(name)) : def;
    }

    boolean flag(String name) {
        return Boolean.parseBoolean(values.getOrDefault(name, "false"));
    }

    Duration seconds(String name, double def) {
        double s = values.containsKey(name) ? Double.parseDouble(values.get(name)) : def;
        return Duration.ofMillis((long) (s * 1000));
    }
}
