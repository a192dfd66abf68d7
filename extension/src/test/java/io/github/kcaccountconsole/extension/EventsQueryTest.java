package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.keycloak.events.Event;
import org.keycloak.events.EventQuery;
import org.keycloak.events.EventType;

/** The store's query for a page is bounded: a time window and a shallow start (issue 38, point 3). */
class EventsQueryTest {

    /** Writes down what the query is asked, in order. */
    private static final class Recorder implements EventQuery {
        final List<String> calls = new ArrayList<>();

        private EventQuery note(String call) {
            calls.add(call);
            return this;
        }

        @Override
        public EventQuery type(EventType... types) {
            return note("type " + Set.of(types).size());
        }

        @Override
        public EventQuery realm(String realmId) {
            return note("realm " + realmId);
        }

        @Override
        public EventQuery client(String clientId) {
            return note("client " + clientId);
        }

        @Override
        public EventQuery user(String userId) {
            return note("user " + userId);
        }

        @Override
        public EventQuery fromDate(Date fromDate) {
            return note("from " + fromDate.getTime());
        }

        @Override
        public EventQuery toDate(Date toDate) {
            return note("to " + toDate.getTime());
        }

        @Override
        public EventQuery ipAddress(String ipAddress) {
            return note("ip " + ipAddress);
        }

        @Override
        public EventQuery firstResult(int first) {
            return note("first " + first);
        }

        @Override
        public EventQuery maxResults(int max) {
            return note("max " + max);
        }

        @Override
        public EventQuery orderByDescTime() {
            return note("newest first");
        }

        @Override
        public EventQuery orderByAscTime() {
            return note("oldest first");
        }

        @Override
        public Stream<Event> getResultStream() {
            return Stream.empty();
        }
    }

    @Test
    void asksForTheUsersListedEventsOfTheLastThirtyDaysNewestFirstAndOneRowMore() {
        Recorder query = new Recorder();
        long now = 1_800_000_000_000L;
        ActivityEvents.query(query, "realm-id", "user-id", new PageRequest(40, 20), ActivityEvents.since(now));
        assertEquals(Arrays.asList("realm realm-id", "user user-id", "type 18",
                "from " + (now - Duration.ofDays(30).toMillis()), "newest first", "first 40", "max 21"), query.calls);
    }

    @Test
    void theDeepestStartIsAThousandRows() {
        Recorder query = new Recorder();
        ActivityEvents.query(query, "r", "u", PageRequest.parse("10000", "50"), 0L);
        assertEquals("first 1000", query.calls.get(5));
    }
}
