package com.example.shop.cart.carts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDocumentWriter;
import org.bson.Document;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.DocumentCodec;
import org.bson.codecs.EncoderContext;
import org.junit.jupiter.api.Test;

/**
 * A cart document as the store writes it (the insert, the pushed line and attempt, the
 * {@code $set}s of the checkout's ends) read as a {@link StoredCart} by its codec, and the documents
 * the codec writes compared, types included, with the ones the use cases wrote before there was a record.
 */
class StoredCartTest {

    private static final StoredCartCodec CODEC = new StoredCartCodec();

    private static final Date CREATED = new Date(1_700_000_000_000L);
    private static final Date ADDED = new Date(1_700_000_060_000L);
    private static final Date LOCKED = new Date(1_700_000_120_000L);
    private static final Date DECLINED = new Date(1_700_000_130_000L);
    private static final Date APPROVED = new Date(1_700_000_180_000L);

    /** A cart that was declined once, then paid, and whose sale is half finished: every field present. */
    private static Document completedCart() {
        Document shirt = new Document("sku", "shirt-1").append("qty", 2).append("settled", true).append("details",
                new Document("title", "Shirt").append("type", "apparel").append("unit_price", 1999L).append("currency", "USD"));
        Document mug = new Document("sku", "mug-7").append("qty", 1).append("details",
                new Document("title", "Mug").append("type", "kitchen").append("unit_price", 850L).append("currency", "USD"));
        Document declined = new Document("key", "k-1").append("state", "declined").append("amount", 4848L)
                .append("currency", "USD").append("method", "card").append("started", LOCKED).append("reason", "insufficient funds")
                .append("finished", DECLINED);
        Document approved = new Document("key", "k-2").append("state", "approved").append("amount", 4848L)
                .append("currency", "USD").append("method", "card").append("started", DECLINED).append("charge_id", "sim_42").append("finished", APPROVED);
        return new Document("_id", "c".repeat(43)).append("status", "complete").append("version", 6L)
                .append("created", CREATED).append("last_modified", APPROVED).append("held_since", ADDED)
                .append("items", List.of(shirt, mug)).append("checkouts", List.of(declined, approved)).append("settled", false);
    }

    @Test
    void aStoredCartReadsAsItsValues() {
        StoredCart cart = CODEC.fromDocument(completedCart());

        assertEquals("c".repeat(43), cart.id());
        assertEquals(CartStatus.COMPLETE, cart.status());
        assertEquals(6L, cart.version());
        assertEquals(CREATED, cart.created());
        assertEquals(APPROVED, cart.lastModified());
        assertEquals(ADDED, cart.heldSince());
        assertFalse(cart.settled());
        assertEquals(List.of(
                new StoredCart.Item("shirt-1", 2, true, new StoredCart.Details("Shirt", "apparel", 1999L, "USD", "shirt-1", Map.of())),
                new StoredCart.Item("mug-7", 1, false, new StoredCart.Details("Mug", "kitchen", 850L, "USD", "mug-7", Map.of()))), cart.items());
        assertEquals(List.of(
                new StoredCart.Attempt("k-1", CheckoutState.DECLINED, 4848L, "USD", "card", null, "insufficient funds", LOCKED, DECLINED),
                new StoredCart.Attempt("k-2", CheckoutState.APPROVED, 4848L, "USD", "card", "sim_42", null, DECLINED, APPROVED)),
                cart.checkouts());
        assertEquals(3L, cart.totalUnits());
        assertEquals(2 * 1999L + 850L, cart.totalAmount());
        assertEquals("USD", cart.currency());
        assertEquals("mug-7", cart.item("mug-7").sku());
        assertNull(cart.item("hat-3"));
        assertEquals("sim_42", cart.attempt("k-2").chargeId());
        assertNull(cart.pendingAttempt());
        assertEquals("k-2", cart.approvedAttempt().key());
        assertEquals(List.of("shirt-1", "mug-7"), cart.skus());
    }

    @Test
    void aQuantityWidenedToALongReadsTheSame() {
        Document doc = completedCart();
        doc.getList("items", Document.class).get(1).put("qty", 1L);

        assertEquals(1, CODEC.fromDocument(doc).item("mug-7").qty());
    }

    @Test
    void aCartRoundTripsThroughItsDocument() {
        StoredCart cart = CODEC.fromDocument(completedCart());

        assertEquals(completedCart(), CODEC.toDocument(cart));
        assertEquals(cart, CODEC.fromDocument(CODEC.toDocument(cart)));
    }

    @Test
    void aCartRoundTripsThroughBsonAsTheDriverWritesAndReadsIt() {
        StoredCart cart = CODEC.fromDocument(completedCart());
        BsonDocument written = new BsonDocument();
        CODEC.encode(new BsonDocumentWriter(written), cart, EncoderContext.builder().build());

        assertEquals(new DocumentCodec().decode(new BsonDocumentReader(written), DecoderContext.builder().build()), completedCart());
        assertEquals(cart, CODEC.decode(new BsonDocumentReader(written), DecoderContext.builder().build()));
    }

    @Test
    void aNewCartIsTheDocumentCreateCartInserted() {
        StoredCart cart = StoredCart.created("n".repeat(43), CREATED);

        Document inserted = new Document("_id", "n".repeat(43)).append("status", "active").append("version", 0L)
                .append("created", CREATED).append("last_modified", CREATED).append("items", List.of())
                .append("checkouts", List.of());
        assertEquals(inserted, CODEC.toDocument(cart));
        assertEquals(cart, CODEC.fromDocument(CODEC.toDocument(cart)));
        assertFalse(CODEC.toDocument(cart).containsKey("held_since"));
        assertFalse(CODEC.toDocument(cart).containsKey("settled"));
    }

    @Test
    void aNewLineAndANewAttemptAreTheSubdocumentsTheUseCasesPushed() {
        StoredCart.Item line = new StoredCart.Item("mug-7", 3, false, new StoredCart.Details("Mug", "kitchen", 850L, "USD", "mug-7", Map.of()));
        Document pushedLine = new Document("sku", "mug-7").append("qty", 3).append("details",
                new Document("title", "Mug").append("type", "kitchen").append("unit_price", 850L).append("currency", "USD"));
        assertEquals(pushedLine, StoredCartCodec.item(line));
        assertEquals(line, StoredCartCodec.item(StoredCartCodec.item(line)));

        StoredCart.Attempt attempt = StoredCart.Attempt.pending("k-9", 2550L, "USD", "card", LOCKED);
        Document pushedAttempt = new Document("key", "k-9").append("state", "pending").append("amount", 2550L)
                .append("currency", "USD").append("method", "card").append("started", LOCKED);
        assertEquals(pushedAttempt, StoredCartCodec.attempt(attempt));
        assertEquals(attempt, StoredCartCodec.attempt(StoredCartCodec.attempt(attempt)));
    }

    /** An attempt locked before the method was stored was paid by card, the only method checkout ever took. */
    @Test
    void anAttemptStoredWithoutItsMethodWasPaidByCard() {
        Document before = new Document("key", "k-0").append("state", "approved").append("amount", 100L)
                .append("currency", "USD").append("started", LOCKED).append("charge_id", "sim_1").append("finished", APPROVED);
        assertEquals("card", StoredCartCodec.attempt(before).method());
    }

    @Test
    void aLineOfAVariantStoresItsProductAndOptionValuesInTheProductsOrder() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("size", "M");
        options.put("colour", "black");
        StoredCart.Item line = new StoredCart.Item("TEE-M-BLK", 2, false,
                new StoredCart.Details("Basic tee", "Apparel", 1200L, "USD", "TEE", options));
        Document pushedLine = new Document("sku", "TEE-M-BLK").append("qty", 2).append("details",
                new Document("title", "Basic tee").append("type", "Apparel").append("unit_price", 1200L).append("currency", "USD")
                        .append("product", "TEE").append("options", new Document("size", "M").append("colour", "black")));

        assertEquals(pushedLine, StoredCartCodec.item(line));
        StoredCart.Item read = StoredCartCodec.item(StoredCartCodec.item(line));
        assertEquals(line, read);
        assertEquals("TEE", read.product());
        assertEquals(List.of("size", "colour"), List.copyOf(read.details().options().keySet()));
    }

    @Test
    void aLineMadeBeforeVariantsIsItsOwnProductWithoutOptions() {
        StoredCart.Item mug = CODEC.fromDocument(completedCart()).item("mug-7");

        assertEquals("mug-7", mug.product());
        assertTrue(mug.details().options().isEmpty());
        assertFalse(StoredCartCodec.item(mug).get("details", Document.class).containsKey("product"), "stored as it was");
        assertFalse(StoredCartCodec.item(mug).get("details", Document.class).containsKey("options"));
    }

    @Test
    void aPerProductLimitCountsTheProductsOtherLines() {
        StoredCart.Item small = new StoredCart.Item("TEE-S", 2, false,
                new StoredCart.Details("Basic tee", "Apparel", 1200L, "USD", "TEE", Map.of("size", "S")));
        StoredCart.Item medium = new StoredCart.Item("TEE-M", 1, false,
                new StoredCart.Details("Basic tee", "Apparel", 1200L, "USD", "TEE", Map.of("size", "M")));
        StoredCart.Item mug = new StoredCart.Item("mug-7", 5, false, new StoredCart.Details("Mug", "kitchen", 850L, "USD", "mug-7", Map.of()));
        StoredCart cart = new StoredCart("t".repeat(43), CartStatus.ACTIVE, 3L, CREATED, ADDED, ADDED, List.of(small, medium, mug),
                List.of(), false);

        assertEquals(1, cart.unitsOfOtherVariants("TEE", "TEE-S"));
        assertEquals(3, cart.unitsOfOtherVariants("TEE", "TEE-L"));
        assertEquals(0, cart.unitsOfOtherVariants("mug-7", "mug-7"));
    }

    @Test
    void aProjectedCartHasOnlyItsProjectedValues() {
        // the expiry reads {_id, status, items.sku}
        Document projected = new Document("_id", "p".repeat(43)).append("status", "expiring")
                .append("items", List.of(new Document("sku", "shirt-1"), new Document("sku", "mug-7")));

        StoredCart cart = CODEC.fromDocument(projected);

        assertEquals(CartStatus.EXPIRING, cart.status());
        assertEquals(List.of("shirt-1", "mug-7"), cart.skus());
        assertTrue(cart.checkouts().isEmpty());
        assertNull(CODEC.fromDocument(new Document("_id", "p".repeat(43))).status());
    }

    @Test
    void thePathsAreBuiltFromTheFieldNames() {
        assertEquals("items.sku", StoredCart.ITEM_SKU);
        assertEquals("items.0", StoredCart.FIRST_ITEM);
        assertEquals("items.$.qty", StoredCart.MATCHED_ITEM_QTY);
        assertEquals("items.$.settled", StoredCart.MATCHED_ITEM_SETTLED);
        assertEquals("checkouts.key", StoredCart.ATTEMPT_KEY);
        assertEquals("checkouts.$.state", StoredCart.MATCHED_ATTEMPT_STATE);
        assertEquals("checkouts.$.charge_id", StoredCart.MATCHED_ATTEMPT_CHARGE);
        assertEquals("checkouts.$.reason", StoredCart.MATCHED_ATTEMPT_REASON);
        assertEquals("checkouts.$.finished", StoredCart.MATCHED_ATTEMPT_FINISHED);
    }
}
