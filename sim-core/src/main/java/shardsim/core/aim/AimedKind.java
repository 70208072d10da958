package shardsim.core.aim;

/** The kinds of fault aiming places, in the order of {@link AimWeights}'s components. */
enum AimedKind {
    SCENARIO,
    CRASH,
    PARTITION,
    ONE_WAY,
    SLOW_LINK
}
