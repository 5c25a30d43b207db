package com.example.shop.cart.orders;

import com.example.shop.web.bulk.PagedScan;
import jakarta.inject.Singleton;
import java.util.Iterator;
import java.util.List;

/**
 * GET /admin/orders and its NDJSON export: the orders a filter selects, newest first (placing time,
 * then number), a page at a time by keyset, so a page costs the same however deep it is. The export
 * reads the same way, a page as the answer is written.
 */
@Singleton
public record ListOrders(OrdersStore store) {

    /** Orders the export reads at once. */
    static final int EXPORT_PAGE = 500;

    /** A page of {@code limit} orders; {@code cursor} is the {@code next} of the previous page (null for the first). */
    public OrderPage page(OrderFilter filter, int limit, String cursor) {
        OrderCursor after = cursor == null ? null : OrderCursor.decode(cursor);
        List<StoredOrder> found = store.newest(filter, after, limit + 1);
        String next = found.size() > limit ? OrderCursor.after(found.get(limit - 1)).encode() : null;
        return new OrderPage(found.stream().limit(limit).map(OrderView::of).toList(), next);
    }

    /** Every order the filter selects, newest first, lazily, {@value #EXPORT_PAGE} a read ({@link PagedScan}). */
    public Iterator<OrderView> all(OrderFilter filter) {
        return PagedScan.of((StoredOrder last, int size) -> store.newest(filter, last == null ? null : OrderCursor.after(last), size),
                EXPORT_PAGE, OrderView::of);
    }
}
