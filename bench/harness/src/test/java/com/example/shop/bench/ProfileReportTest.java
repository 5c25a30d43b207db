package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import jdk.jfr.Recording;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonBinaryWriter;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real Flight Recorder file, read back and classified as profile-report does it. */
class ProfileReportTest {

    @Test
    void samplesOfAThreadEncodingBsonAreChargedToBson(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("spin.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            Thread spinner = new Thread(ProfileReportTest::encodeBsonFor2Seconds, "bson-spinner");
            spinner.start();
            spinner.join();
            recording.stop();
            recording.dump(file);
        }
        assertTrue(Files.size(file) > 0);

        ProfileReport.Profile profile = ProfileReport.read(file);
        assertEquals("spin", profile.process());
        assertTrue(profile.samples() >= 20, "too few samples to judge: " + profile.samples());
        Map.Entry<String, Long> top = profile.bySubsystem().entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        assertEquals("BSON", top.getKey(), "subsystems: " + profile.bySubsystem());
    }

    private static void encodeBsonFor2Seconds() {
        BsonDocumentCodec codec = new BsonDocumentCodec();
        BsonDocument doc = new BsonDocument("sku", new BsonString("kind-of-blue")).append("qty", new BsonInt32(2));
        for (int i = 0; i < 50; i++) {
            doc.append("field" + i, new BsonString("value " + i));
        }
        long end = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        long bytes = 0;
        while (System.nanoTime() < end) {
            BasicOutputBuffer out = new BasicOutputBuffer();
            codec.encode(new BsonBinaryWriter(out), doc, EncoderContext.builder().build());
            bytes += out.getSize();
        }
        assertTrue(bytes > 0);
    }
}
