package shardsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.scenario.LogAlignment.Match;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;

class LogAlignmentTest {
    private static final LogAlignment.Style STYLE =
            new LogAlignment.Style(e -> e.actor() + ": " + e.detail(), "-", "(none)", why -> "(" + why + ")");

    private static final List<TraceEvent> EVENTS = new ArrayList<>();

    static {
        add(1_000, "fe", new TraceData.Note("drop tablet 7 from be1"));
        add(2_000, "be1", new TraceData.TaskQueued("clone tablet 7", 0));
        add(3_000, "fe", new TraceData.Note("drop tablet 7 from be2"));
        add(4_000, "fe", new TraceData.Note("drop tablet 7 from be1 again"));
    }

    private static void add(long micros, String actor, TraceData data) {
        EVENTS.add(new TraceEvent(EVENTS.size(), micros, EVENTS.size() + 1, actor, data));
    }

    private static List<String> sim(List<LogAlignment.Row> rows) {
        List<String> out = new ArrayList<>();
        for (LogLine l : LogAlignment.align(rows, EVENTS, STYLE)) {
            out.add(l.simTime() + " " + l.simLine());
        }
        return out;
    }

    @Test
    void aRowIsFoundByItsTypedWordsActorAndStart() {
        assertEquals(
                List.of(
                        "0.001000s fe: drop tablet 7 from be1",
                        "0.004000s fe: drop tablet 7 from be1 again",
                        "0.002000s be1: clone tablet 7 (behind 0)"),
                sim(List.of(
                        LogAlignment.line("t0", "first drop", Match.of("fe").startingWith("drop tablet 7")),
                        LogAlignment.line(
                                "t1",
                                "the drop from be1 after the one from be2",
                                Match.of("fe").containing("be1").from(3_000)),
                        LogAlignment.line(
                                "t2",
                                "the clone, a worker's task",
                                Match.of("be1").containing("clone")))));
    }

    @Test
    void aRowAfterAnotherLooksOnlyFromThatOnesEvent() {
        assertEquals(
                List.of(
                        "0.003000s fe: drop tablet 7 from be2",
                        "0.004000s fe: drop tablet 7 from be1 again",
                        "0.004000s fe: drop tablet 7 from be1 again"),
                sim(List.of(
                        LogAlignment.line("a", "be2's drop", Match.of("fe").containing("be2")),
                        LogAlignment.line(
                                "b",
                                "be1's drop after it",
                                Match.of("fe")
                                        .only(TraceData.Note.class)
                                        .containing("be1")
                                        .after(0)),
                        LogAlignment.sameAs("b'", "the same event", 1))));
    }

    @Test
    void typeNotFoundAndUnmodelledRowsSaySo() {
        assertEquals(
                List.of("- (none)", "- (none)", "- (no such step in the model)", "- (none)"),
                sim(List.of(
                        LogAlignment.line(
                                "a",
                                "a note only",
                                Match.of("be1").only(TraceData.Note.class).containing("clone")),
                        LogAlignment.line("b", "nothing of be3", Match.of("be3")),
                        LogAlignment.unmodelled("c", "not modelled", "no such step in the model"),
                        LogAlignment.line(
                                "d",
                                "after a row that found nothing",
                                Match.of("fe").after(1)))));
    }

    @Test
    void aRowMayReferOnlyToAnEarlierRow() {
        assertThrows(
                IllegalArgumentException.class,
                () -> LogAlignment.align(List.of(LogAlignment.sameAs("a", "itself", 0)), EVENTS, STYLE));
    }
}
