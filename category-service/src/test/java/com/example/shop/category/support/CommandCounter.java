package com.example.shop.category.support;

import com.mongodb.MongoClientSettings;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.quarkus.mongodb.runtime.MongoClientCustomizer;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/** Counts the commands (round trips) the service's MongoClient sends while a test records. */
@Singleton
public class CommandCounter implements MongoClientCustomizer, CommandListener {

    private final List<String> commands = new CopyOnWriteArrayList<>();
    private volatile boolean recording;

    @Override
    public MongoClientSettings.Builder customize(MongoClientSettings.Builder builder) {
        return builder.addCommandListener(this);
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
        if (recording) {
            commands.add(event.getCommandName());
        }
    }

    /** Runs {@code action} and returns the names of the commands sent meanwhile, in order. */
    public synchronized List<String> record(Runnable action) {
        commands.clear();
        recording = true;
        try {
            action.run();
        } finally {
            recording = false;
        }
        return List.copyOf(commands);
    }

    public synchronized <T> T recordInto(List<String> into, Supplier<T> action) {
        commands.clear();
        recording = true;
        try {
            return action.get();
        } finally {
            recording = false;
            into.addAll(commands);
        }
    }
}
