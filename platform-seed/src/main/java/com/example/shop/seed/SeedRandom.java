package com.example.shop.seed;

import java.util.List;

/**
 * SplitMix64, written out here so that the same seed gives the same numbers on every JVM and
 * version (java.util.SplittableRandom's algorithm is not part of its contract). Every product,
 * stock line and the category tree draw from a stream of their own, {@link #of(long, long, long)},
 * so the generator can stream: product 123,456 does not depend on how the ones before it were drawn.
 */
final class SeedRandom {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private long state;

    SeedRandom(long state) {
        this.state = state;
    }

    /** The stream {@code stream} (a purpose: products, stock, tree) of item {@code index} under {@code seed}. */
    static SeedRandom of(long seed, long stream, long index) {
        return new SeedRandom(mix(mix(seed + GOLDEN) ^ mix(stream * GOLDEN + 1)) + index * GOLDEN);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    long nextLong() {
        state += GOLDEN;
        return mix(state);
    }

    /** Uniform in [0, bound), bound > 0 (Lemire's multiply-shift on the high 32 bits; bias below 2^-32). */
    int nextInt(int bound) {
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** Uniform in [from, to], inclusive. */
    int between(int from, int to) {
        return from + nextInt(to - from + 1);
    }

    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    boolean chance(double p) {
        return nextDouble() < p;
    }

    <T> T pick(List<T> values) {
        return values.get(nextInt(values.size()));
    }

    String pick(String[] values) {
        return values[nextInt(values.length)];
    }

    int pick(int[] values) {
        return values[nextInt(values.length)];
    }
}
