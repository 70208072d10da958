package shardsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;

/**
 * Pairs the lines of an upstream bug report's log with the trace events of a run, for a
 * presentation's {@link ScenarioPresentation#logAlignment()}. A line is found by the typed data of
 * an event ({@link #words}: a note's text, a step's label, the task a worker event is about), its
 * actor, and where to start looking: after the event found for an earlier line, or from a virtual
 * time, so that a line about a later step does not match the same words of an earlier one.
 */
public final class LogAlignment {
    private LogAlignment() {}

    /**
     * How a report line's event is found: the first event of {@code actor} whose data is a
     * {@code type} with {@link #words} that start with {@code startsWith} and contain
     * {@code contains} (each null: any), at or after the event found for row {@code afterRow}
     * (-1: from the first event; if that row found none, neither does this one) and at or after
     * virtual time {@code fromMicros}.
     */
    public record Match(
            String actor,
            Class<? extends TraceData> type,
            String startsWith,
            String contains,
            int afterRow,
            long fromMicros) {
        public Match {
            if (actor == null || type == null) {
                throw new IllegalArgumentException("a log match needs an actor and a data type");
            }
        }

        /** Any worded event of {@code actor}, from the first event on; narrow it with the withers. */
        public static Match of(String actor) {
            return new Match(actor, TraceData.class, null, null, -1, 0);
        }

        /** This match, taking only events whose data is a {@code dataType}. */
        public Match only(Class<? extends TraceData> dataType) {
            return new Match(actor, dataType, startsWith, contains, afterRow, fromMicros);
        }

        /** This match, taking only events whose words start with {@code words}. */
        public Match startingWith(String words) {
            return new Match(actor, type, words, contains, afterRow, fromMicros);
        }

        /** This match, taking only events whose words contain {@code words}. */
        public Match containing(String words) {
            return new Match(actor, type, startsWith, words, afterRow, fromMicros);
        }

        /** This match, looking from the event found for the earlier row {@code row} on. */
        public Match after(int row) {
            return new Match(actor, type, startsWith, contains, row, fromMicros);
        }

        /** This match, taking only events at or after virtual time {@code micros}. */
        public Match from(long micros) {
            return new Match(actor, type, startsWith, contains, afterRow, micros);
        }

        boolean test(TraceEvent e) {
            if (e.timeMicros() < fromMicros || !e.actor().equals(actor) || !type.isInstance(e.data())) {
                return false;
            }
            String w = words(e.data());
            return w != null
                    && (startsWith == null || w.startsWith(startsWith))
                    && (contains == null || w.contains(contains));
        }
    }

    /**
     * One line of the report: found by {@code match}; or the very event found for row
     * {@code sameAs}; or, with {@code unmodelled} the reason, a line the model has no counterpart for.
     */
    public record Row(String reportTime, String reportLine, Match match, int sameAs, String unmodelled) {}

    /** A report line whose event {@code match} finds. */
    public static Row line(String reportTime, String reportLine, Match match) {
        return new Row(reportTime, reportLine, match, -1, null);
    }

    /** A report line that is the very event found for the earlier row {@code row}. */
    public static Row sameAs(String reportTime, String reportLine, int row) {
        return new Row(reportTime, reportLine, null, row, null);
    }

    /** A report line the model has no counterpart for, and why. */
    public static Row unmodelled(String reportTime, String reportLine, String why) {
        return new Row(reportTime, reportLine, null, -1, why);
    }

    /**
     * How the sim side of a row is written: an event found, the time column of a row without one,
     * the line of a row whose event is not in the trace, and the line of an unmodelled row from its reason.
     */
    public record Style(
            Function<TraceEvent, String> event, String absentTime, String notFound, UnaryOperator<String> unmodelled) {}

    /** The rows beside the events of {@code events} they match, in the rows' order. */
    public static List<LogLine> align(List<Row> rows, List<TraceEvent> events, Style style) {
        List<LogLine> out = new ArrayList<>();
        int[] found = new int[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            Row row = rows.get(r);
            found[r] = -1;
            if (row.unmodelled() != null) {
                out.add(new LogLine(
                        row.reportTime(),
                        row.reportLine(),
                        style.absentTime(),
                        style.unmodelled().apply(row.unmodelled())));
                continue;
            }
            if (row.match() == null) {
                found[r] = earlier(found, row.sameAs(), r);
            } else {
                int from = row.match().afterRow() < 0
                        ? 0
                        : earlier(found, row.match().afterRow(), r);
                for (int i = from; from >= 0 && i < events.size(); i++) {
                    if (row.match().test(events.get(i))) {
                        found[r] = i;
                        break;
                    }
                }
            }
            out.add(
                    found[r] < 0
                            ? new LogLine(row.reportTime(), row.reportLine(), style.absentTime(), style.notFound())
                            : new LogLine(
                                    row.reportTime(),
                                    row.reportLine(),
                                    Micros.format(events.get(found[r]).timeMicros()),
                                    style.event().apply(events.get(found[r]))));
        }
        return out;
    }

    private static int earlier(int[] found, int row, int current) {
        if (row < 0 || row >= current) {
            throw new IllegalArgumentException("log row " + current + " refers to row " + row + ", not an earlier one");
        }
        return found[row];
    }

    /**
     * The words an event is found by: a note's text, a step's (timer's) label, or the name of the
     * task a worker event is about; null for data that carry no words.
     */
    public static String words(TraceData d) {
        if (d instanceof TraceData.Note n) {
            return n.text();
        } else if (d instanceof TraceData.Step t) {
            return t.label();
        } else if (d instanceof TraceData.TaskQueued t) {
            return t.task();
        } else if (d instanceof TraceData.TaskAdmitted t) {
            return t.task();
        } else if (d instanceof TraceData.TaskStart t) {
            return t.task();
        } else if (d instanceof TraceData.TaskDone t) {
            return t.task();
        } else if (d instanceof TraceData.Poll t) {
            return t.task();
        }
        return null;
    }
}
