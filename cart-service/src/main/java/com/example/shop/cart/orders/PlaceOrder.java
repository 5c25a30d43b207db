package com.example.shop.cart.orders;

import com.example.shop.cart.CartSeam;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;

/**
 * Makes the order of a paid checkout, exactly once whichever path finishes the checkout (the
 * request, the stalled-checkout job, the finishing of an unsettled sale): the order's id is
 * {@code <cart id>:<Idempotency-Key>}, so a second maker's insert is refused and it reads the first's
 * order instead. The number is taken just before the insert: a maker that dies between the two, or
 * loses the insert, leaves a gap in the numbers, never two numbers on one order. Its
 * {@code order.placed} event follows the insert, and whoever finds the order unannounced (a resumed
 * maker, the job) writes it ({@link OrderEvents}). See docs/design.md, Orders.
 */
@Singleton
public record PlaceOrder(OrdersStore store, OrderEvents events, Seams seams) {

    /** The order's id: the checkout's, unique per cart and Idempotency-Key. */
    public static String orderId(String cartId, String key) {
        return cartId + ":" + key;
    }

    /**
     * The order of this checkout, made now unless it exists. {@code forShopper}: the answer carries a
     * token (for the request's answer; a job's answer reaches nobody). {@code resumed}: an earlier
     * maker may have written it (a job, a retry), so it is read first and no number taken for it.
     */
    public OrderReceipt place(NewOrder order, boolean forShopper, boolean resumed) {
        String id = orderId(order.cartId(), order.key());
        if (resumed) {
            StoredOrder made = store.find(id);
            if (made != null) {
                events.announce(made);
                return receipt(made, forShopper);
            }
        }
        long number = store.nextNumber();
        seams.reached(CartSeam.AFTER_ORDER_NUMBER);
        OrderTokens.Issued token = forShopper ? OrderTokens.issue() : null;
        StoredOrder placed = placed(id, number, order, token == null ? List.of() : List.of(token.hash()));
        if (store.insert(placed)) {
            events.announce(placed);
            return new OrderReceipt(number, token == null ? null : token.token());
        }
        StoredOrder made = store.find(id); // made meanwhile: its number stands, this one is a gap
        events.announce(made);
        return receipt(made, forShopper);
    }

    /** The order of this checkout, if made, with a new token for the shopper asking again. */
    public Optional<OrderReceipt> receipt(String cartId, String key) {
        StoredOrder made = store.find(orderId(cartId, key));
        return made == null ? Optional.empty() : Optional.of(receipt(made, true));
    }

    private OrderReceipt receipt(StoredOrder made, boolean forShopper) {
        if (!forShopper) {
            return new OrderReceipt(made.number(), null);
        }
        OrderTokens.Issued token = OrderTokens.issue();
        store.addToken(made.id(), token.hash());
        return new OrderReceipt(made.number(), token.token());
    }

    private static StoredOrder placed(String id, long number, NewOrder order, List<String> tokenHashes) {
        List<StoredOrder.Line> lines = order.lines().stream().map(line -> new StoredOrder.Line(line.sku(), line.title(), line.type(),
                line.product(), line.options(), line.unitPrice(), line.qty(), line.unitPrice() * line.qty())).toList();
        long units = lines.stream().mapToLong(StoredOrder.Line::qty).sum();
        return new StoredOrder(id, number, OrderStatus.PLACED, order.placedAt(), order.currency(), units, order.totalAmount(), lines,
                new StoredOrder.Payment(order.method(), order.chargeId(), null),
                List.of(new StoredOrder.Change(OrderStatus.PLACED, order.placedAt())), tokenHashes, List.of(), false, true);
    }
}
