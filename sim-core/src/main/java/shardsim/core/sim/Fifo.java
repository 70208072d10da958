package shardsim.core.sim;

import java.util.Objects;

/** A first-in first-out ring with reads by position, so a worker's queue can be shown without copying it. */
final class Fifo<E> {
    private Object[] items = new Object[8];
    private int head;
    private int size;

    void add(E e) {
        if (size == items.length) {
            Object[] bigger = new Object[items.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = items[(head + i) & (items.length - 1)];
            }
            items = bigger;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = e;
        size++;
    }

    /** Takes the oldest element, or returns null when empty. */
    @SuppressWarnings("unchecked")
    E poll() {
        if (size == 0) {
            return null;
        }
        E e = (E) items[head];
        items[head] = null;
        head = (head + 1) & (items.length - 1);
        size--;
        return e;
    }

    @SuppressWarnings("unchecked")
    E get(int i) {
        Objects.checkIndex(i, size);
        return (E) items[(head + i) & (items.length - 1)];
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }
}
