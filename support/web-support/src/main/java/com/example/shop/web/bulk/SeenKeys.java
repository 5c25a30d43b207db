package com.example.shop.web.bulk;

/**
 * The keys (skus, slugs) a run has met, to refuse the same key twice in one file, in about 16 bytes
 * a key whatever their length: an open-addressing set of 64-bit hashes. Two different keys share a
 * hash with a chance of about n²/2⁶⁵ (3·10⁻⁹ for 300,000 keys); the second would then be refused
 * as a duplicate, which its rejection says, and importing that line alone puts it in.
 */
final class SeenKeys {

    private long[] slots = new long[1 << 12];
    private int size;
    private boolean hasZero;

    /** Adds the key; false if it was there already. */
    boolean add(String key) {
        long hash = hash(key);
        if (hash == 0) {
            boolean added = !hasZero;
            hasZero = true;
            return added;
        }
        if (size * 2 >= slots.length) {
            grow();
        }
        if (!insert(slots, hash)) {
            return false;
        }
        size++;
        return true;
    }

    private boolean insert(long[] table, long hash) {
        int mask = table.length - 1;
        int i = (int) (hash ^ (hash >>> 32)) & mask;
        while (table[i] != 0) {
            if (table[i] == hash) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = hash;
        return true;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        for (long hash : old) {
            if (hash != 0) {
                insert(slots, hash);
            }
        }
    }

    /** FNV-1a over the UTF-16 units, then SplitMix64's finaliser to spread the bits. */
    static long hash(String key) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < key.length(); i++) {
            h ^= key.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= key.length();
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }
}
