/**
 * What a plan's records are made of, declared once: the unit of each field of a fault or
 * operation kind ({@link shardsim.core.kind.Unit}, declared on a record component with
 * {@link shardsim.core.kind.Quantity}), the kind's descriptor ({@link shardsim.core.kind.Kind}:
 * its name, its fields in order, how to read and rebuild one) and the ranges generators draw from
 * ({@link shardsim.core.kind.Range}). The plan codec, the plan validator, the explorer's mutator
 * and the generators (seeded and jqwik) read these instead of guessing a unit from a field's name.
 * A leaf package: it depends on the JDK and the kernel's random generator only.
 */
package shardsim.core.kind;
