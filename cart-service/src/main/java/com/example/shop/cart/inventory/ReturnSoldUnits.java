package com.example.shop.cart.inventory;

import com.example.shop.cart.CartSeam;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * Gives a cancelled order's units back to available stock, one sku at a time: journal (op
 * {@code return <sku> <order id>}) · stock {@code sold −n, qty +n}, guarded by the move's mark ·
 * the caller records the return on its order · settle. The op is derived from the order and sku, so a
 * cancel resumed after a crash resumes the same move; the caller records the return before settling,
 * and reads its record before beginning, so no unit is returned twice. See docs/design.md, Stock moves.
 */
@Singleton
public record ReturnSoldUnits(MoveJournal journal, UnitMoves steps, Seams seams) {

    /** A return's move and the units it gave back; settle it once the order recorded the return. */
    public record Returned(Move move, long units) {
    }

    /**
     * Moves {@code units} of the sku from sold to available for the order, or resumes the move an earlier
     * attempt left. Empty when another worker (the cleanup) holds that move now: nothing done, try later.
     */
    public Optional<Returned> begin(String sku, String orderId, long units) {
        Optional<Move> begun = journal.beginOrResume(Move.returnOf(sku, orderId, units));
        if (begun.isEmpty()) {
            return Optional.empty();
        }
        long returned = steps.unsell(begun.get());
        seams.reached(CartSeam.AFTER_RETURN_TO_STOCK);
        return Optional.of(new Returned(begun.get(), returned));
    }

    /** The order recorded the return: the move's mark and journal entry can go. */
    public void settle(Returned returned) {
        seams.reached(CartSeam.BEFORE_SETTLE);
        journal.settleLater(returned.move());
    }
}
