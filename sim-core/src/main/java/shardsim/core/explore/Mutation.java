package shardsim.core.explore;

/** The ways a parent plan changes into a candidate; each names itself in a candidate's origin. */
enum Mutation {
    ADD_FAULT("add-fault", 3),
    REMOVE_FAULT("remove-fault", 3),
    SHIFT_FAULT("shift-fault", 4),
    STRETCH_FAULT("stretch-fault", 2),
    CHANGE_FAULT("change-fault", 3),
    ADD_OPERATION("add-op", 2),
    REMOVE_OPERATION("remove-op", 2),
    SHIFT_OPERATION("shift-op", 2),
    CHANGE_OPERATION("change-op", 2),
    LINK("link", 2),
    SPLICE("splice", 1),
    RESEED("reseed", 1);

    final String label;
    final double weight;

    Mutation(String label, double weight) {
        this.label = label;
        this.weight = weight;
    }

    static double[] weights() {
        Mutation[] all = values();
        double[] w = new double[all.length];
        for (int i = 0; i < all.length; i++) {
            w[i] = all[i].weight;
        }
        return w;
    }
}
