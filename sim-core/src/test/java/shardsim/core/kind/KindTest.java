package shardsim.core.kind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.scenario.PlanKinds;

class KindTest {
    record Undeclared(String node, long delayMicros) {}

    record Declared(String node, @Quantity(Unit.MICROS) long delayMicros, long id) {}

    @Test
    void aKindsFieldsAndUnitsComeFromItsRecord() {
        Kind clog = Kind.of(NetFault.Clog.class);
        assertEquals("clog", clog.name());
        assertEquals(
                List.of("a", "b", "durationMicros"),
                clog.fields().stream().map(Field::name).toList());
        assertEquals(
                List.of(Unit.NAME, Unit.NAME, Unit.MICROS),
                clog.fields().stream().map(Field::unit).toList());
        assertEquals(
                Unit.SKEW_MICROS,
                Kind.of(NodeFault.ClockSkew.class).field("skewMicros").unit());
        assertEquals(
                "partition-one-way", Kind.of(NetFault.PartitionOneWay.class).name());
    }

    @Test
    void aNameSaysNothingOnlyADeclarationDoes() {
        assertEquals(Unit.COUNT, Kind.of(Undeclared.class).field("delayMicros").unit());
        assertFalse(Kind.of(Undeclared.class).field("delayMicros").declared());
        assertEquals(Unit.MICROS, Kind.of(Declared.class).field("delayMicros").unit());
        assertNotNull(PlanKinds.problem(Undeclared.class), "a measure-like name with no unit is a problem");
        assertNull(PlanKinds.problem(Declared.class));
    }

    @Test
    void eachUnitChecksItsOwnRange() {
        Unit.MICROS.check("w", "f", 0L);
        Unit.MICROS.check("w", "f", Unit.MAX_MICROS);
        assertThrows(IllegalArgumentException.class, () -> Unit.MICROS.check("w", "f", -1L));
        Unit.SKEW_MICROS.check("w", "f", -Unit.MAX_MICROS);
        assertThrows(IllegalArgumentException.class, () -> Unit.BYTES.check("w", "f", Unit.MAX_BYTES + 1));
        assertThrows(IllegalArgumentException.class, () -> Unit.COUNT.check("w", "f", Unit.MAX_ID + 1));
        assertThrows(IllegalArgumentException.class, () -> Unit.PROBABILITY.check("w", "f", 1.5));
        Unit.NUMBER.check("w", "f", 1.5);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Unit.NUMBER.check("w", "f", Double.NaN));
        assertEquals("w: f must be a finite number, got NaN", e.getMessage());
    }

    @Test
    void aKindBuildsARecordFromItsValuesAndRefusesWhatItsConstructorRefuses() throws ReflectiveOperationException {
        Kind clog = Kind.of(NetFault.Clog.class);
        NetFault.Clog c = new NetFault.Clog("x", "y", 5);
        assertEquals(List.of("x", "y", 5L), clog.values(c));
        assertEquals(new NetFault.Clog("x", "y", 7), clog.build(clog.valuesWith(c, "durationMicros", 7L)));
        assertNull(clog.valuesWith(c, "nope", 1L));
        assertThrows(
                java.lang.reflect.InvocationTargetException.class,
                () -> clog.build(clog.valuesWith(c, "durationMicros", 0L)));
    }

    @Test
    void aRangeDrawsAsTheGeneratorDid() {
        Range r = new Range(3, 9);
        shardsim.core.random.SimRandom a = new shardsim.core.random.SimRandom(7);
        shardsim.core.random.SimRandom b = new shardsim.core.random.SimRandom(7);
        for (int i = 0; i < 50; i++) {
            long v = r.draw(a);
            assertEquals(b.between(3, 9), v);
            assertTrue(v >= 3 && v <= 9);
        }
        assertThrows(IllegalArgumentException.class, () -> new Range(2, 1));
    }
}
