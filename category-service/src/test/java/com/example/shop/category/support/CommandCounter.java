package com.example.shop.category.support;

import com.mongodb.MongoClientSettings;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.quarkus.mongodb.runtime.MongoClientCustomizer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/** Counts the commands (round trips) the service's MongoClient sends while a test records. */
@ApplicationScoped
public class CommandCounter implements MongoClientCustomizer {

    /** Not a bean itself, so that it is registered exactly once (by {@link #customize}). */
    static final class Listener implements CommandListener {
        final List<String> commands = new CopyOnWriteArrayList<>();
        volatile boolean recording;

        @Override
        public void commandStarted(CommandStartedEvent event) {
            if (recording) {
                commands.add(event.getCommandName());
            }
        }
    }

    private final Listener listener = new Listener();

    @Override
    public MongoClientSettings.Builder customize(MongoClientSettings.Builder builder) {
        return builder.addCommandListener(listener);
    }

    /** Runs {@code action} and returns the names of the commands sent meanwhile, in order. */
    public synchronized List<String> record(Runnable action) {
        List<String> into = new java.util.ArrayList<>();
        recordInto(into, () -> {
            action.run();
            return null;
        });
        return List.copyOf(into);
    }

    public synchronized <T> T recordInto(List<String> into, Supplier<T> action) {
        listener.commands.clear();
        listener.recording = true;
        try {
            return action.get();
        } finally {
            listener.recording = false;
            into.addAll(listener.commands);
        }
    }
}
