package com.example.shop.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The skus a drop sells (one, or the sizes of one product) as its shoppers see them: a
 * {@link SoldOutWatch} each, and whether an add of the sku was last refused with nothing
 * available. A shopper refused a size goes to one that still has units, as a person picks another
 * size on the product page; when none has, it waits, since abandoned carts give units back. The
 * drop is sold out when every sku is.
 */
final class DropSkus {

    private final List<String> skus;
    private final List<SoldOutWatch> watches = new ArrayList<>();
    /** 1 while the sku's last refusal said 0 available and no add of it succeeded since. */
    private final AtomicIntegerArray empty;

    DropSkus(Api api, List<String> skus, long pollEveryMillis) {
        this.skus = List.copyOf(skus);
        this.empty = new AtomicIntegerArray(skus.size());
        for (String sku : skus) {
            watches.add(new SoldOutWatch(api, sku, pollEveryMillis));
        }
    }

    List<String> skus() {
        return skus;
    }

    String sku(int i) {
        return skus.get(i);
    }

    void start() {
        watches.forEach(SoldOutWatch::start);
    }

    boolean soldOut() {
        return watches.stream().allMatch(SoldOutWatch::soldOut);
    }

    void added(int i) {
        empty.set(i, 0);
    }

    void sawAvailable(int i, long available) {
        watches.get(i).sawAvailable(available);
        empty.set(i, available == 0 ? 1 : 0);
    }

    boolean confirmSoldOut(int i) {
        return watches.get(i).confirmSoldOut();
    }

    /** A sku not sold out, at random, one with units when there is one; -1 when every sku is sold out. */
    int pick() {
        int i = pick(-1, true);
        return i >= 0 ? i : pick(-1, false);
    }

    /** Another sku than {@code refused} that no refusal said is empty, at random; -1 when there is none. */
    int otherWithUnits(int refused) {
        return pick(refused, true);
    }

    private int pick(int except, boolean withUnits) {
        List<Integer> open = new ArrayList<>();
        for (int i = 0; i < skus.size(); i++) {
            if (i != except && !watches.get(i).soldOut() && (!withUnits || empty.get(i) == 0)) {
                open.add(i);
            }
        }
        return open.isEmpty() ? -1 : open.get(ThreadLocalRandom.current().nextInt(open.size()));
    }

    /** Seconds until every sku was seen sold out (the last of them), NaN if one never was. */
    double soldOutSeconds() {
        return latest(watches.stream().mapToDouble(SoldOutWatch::soldOutSeconds).toArray());
    }

    /** Seconds until every sku had been refused with 0 available once, NaN if one never was. */
    double allTakenSeconds() {
        return latest(watches.stream().mapToDouble(SoldOutWatch::allTakenSeconds).toArray());
    }

    double allTakenSeconds(int i) {
        return watches.get(i).allTakenSeconds();
    }

    long polls() {
        return watches.stream().mapToLong(SoldOutWatch::polls).sum();
    }

    private static double latest(double[] seconds) {
        return Arrays.stream(seconds).anyMatch(Double::isNaN) ? Double.NaN : Arrays.stream(seconds).max().orElse(Double.NaN);
    }
}
