package com.example.shop.cart.support;

import com.mongodb.MongoClientSettings;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.quarkus.mongodb.runtime.MongoClientCustomizer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Counts the commands (round trips) the service's MongoClient sends for requests while a test
 * records: those sent by the request threads, not by the background threads (the settling of
 * moves, the availability sender), whose work comes after the answer.
 */
@ApplicationScoped
public class CommandCounter implements MongoClientCustomizer {

    /** Not a bean itself, so that it is registered exactly once (by {@link #customize}). */
    static final class Listener implements CommandListener {
        final List<String> commands = new CopyOnWriteArrayList<>();
        volatile boolean recording;

        @Override
        public void commandStarted(CommandStartedEvent event) {
            if (recording && Thread.currentThread().getName().startsWith("executor-thread")) {
                commands.add(event.getCommandName() + " " + collection(event));
            }
        }
    }

    /**
     * The collection a command names (its first value), read as text: with a BSON type in this class,
     * the service's own classes met org.bson.Document from two class loaders (a LinkageError).
     */
    private static String collection(CommandStartedEvent event) {
        String value = String.valueOf(event.getCommand().get(event.getCommandName()));
        int from = value.indexOf("value='");
        return from < 0 ? "" : value.substring(from + 7, value.lastIndexOf('\''));
    }

    private final Listener listener = new Listener();

    @Override
    public MongoClientSettings.Builder customize(MongoClientSettings.Builder builder) {
        return builder.addCommandListener(listener);
    }

    /** Runs {@code action} and returns the commands its requests sent, in order ("name collection"). */
    public synchronized List<String> record(Runnable action) {
        listener.commands.clear();
        listener.recording = true;
        try {
            action.run();
        } finally {
            listener.recording = false;
        }
        return new ArrayList<>(listener.commands);
    }
}
