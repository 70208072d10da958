package shardsim.core.sim;

/**
 * A map from long keys to values, open addressing with linear probing, so that a lookup by a
 * call id boxes nothing. Looked up by key only: it has no iteration, so its layout can never
 * order anything.
 *
 * @param <V> the value type
 */
final class LongMap<V> {
    private long[] keys = new long[16];
    private Object[] values = new Object[16];
    private int size;

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & (keys.length - 1);
    }

    void put(long key, V value) {
        if (value == null) {
            throw new IllegalArgumentException("null value");
        }
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int i = slot(key);
        while (values[i] != null) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & (keys.length - 1);
        }
        keys[i] = key;
        values[i] = value;
        size++;
    }

    @SuppressWarnings("unchecked")
    V remove(long key) {
        int mask = keys.length - 1;
        int i = slot(key);
        while (values[i] != null) {
            if (keys[i] == key) {
                V old = (V) values[i];
                values[i] = null;
                size--;
                // Backward-shift: move later entries of the probe run into the hole.
                int hole = i;
                int j = (i + 1) & mask;
                while (values[j] != null) {
                    int home = slot(keys[j]);
                    boolean between = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
                    if (between) {
                        keys[hole] = keys[j];
                        values[hole] = values[j];
                        values[j] = null;
                        hole = j;
                    }
                    j = (j + 1) & mask;
                }
                return old;
            }
            i = (i + 1) & mask;
        }
        return null;
    }

    int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    private void grow() {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new Object[oldValues.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                put(oldKeys[i], (V) oldValues[i]);
            }
        }
    }
}
