package com.example.shop.bench;

import static com.mongodb.client.model.Filters.in;

import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/**
 * Orders against approved charges, read from the cart database after a run: every approved checkout of a cart holding
 * the run's skus has exactly one order ({@code _id} {@code <cart>:<key>}) with that charge, and no order of those skus
 * lacks an approved checkout. A kill between the charge and the order must neither lose the order nor make two.
 */
record OrderAudit(int charges, int orders, List<String> withoutOrder, List<String> withoutCharge) {

    boolean ok() {
        return withoutOrder.isEmpty() && withoutCharge.isEmpty();
    }

    static OrderAudit of(MongoDatabase cart, List<String> skus) {
        Map<String, String> approved = new HashMap<>(); // order id -> charge id
        for (Document c : cart.getCollection("cart").find(in("items.sku", skus))) {
            for (Document attempt : c.getList("checkouts", Document.class, List.of())) {
                if ("approved".equals(attempt.getString("state"))) {
                    approved.put(c.getString("_id") + ":" + attempt.getString("key"), attempt.getString("charge_id"));
                }
            }
        }
        Map<String, String> orders = new HashMap<>(); // order id -> charge id
        for (Document o : cart.getCollection("orders").find(in("lines.sku", skus))) {
            orders.put(o.getString("_id"), o.get("payment", new Document()).getString("charge_id"));
        }
        List<String> withoutOrder = new ArrayList<>();
        approved.forEach((id, charge) -> {
            if (charge == null || !charge.equals(orders.get(id))) {
                withoutOrder.add(id);
            }
        });
        List<String> withoutCharge = new ArrayList<>();
        orders.forEach((id, charge) -> {
            if (!approved.containsKey(id)) {
                withoutCharge.add(id);
            }
        });
        return new OrderAudit(approved.size(), orders.size(), withoutOrder, withoutCharge);
    }

    /** One sentence for the result file. */
    String sentence() {
        return String.format(java.util.Locale.ROOT, "Approved charges: %d; orders: %d; charges without their one order: %d%s; orders without an approved charge: %d%s",
                charges, orders, withoutOrder.size(), examples(withoutOrder), withoutCharge.size(), examples(withoutCharge));
    }

    private static String examples(List<String> ids) {
        return ids.isEmpty() ? "" : " (" + String.join(", ", ids.subList(0, Math.min(5, ids.size()))) + ")";
    }
}
