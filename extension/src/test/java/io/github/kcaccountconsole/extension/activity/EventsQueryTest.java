package io.github.kcaccountconsole.extension.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
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

import io.github.kcaccountconsole.extension.shared.PageRequest;

/** The store's query for a page is bounded: a time window and a shallow start (issue 38, point 3). */
class EventsQueryTest {

    /**
     * A query that writes down what it is asked, in order: the method's name and its argument (a date as its
     * milliseconds, event types as their count). Every builder method answers the query itself; the results are none.
     */
    private static final class Recorder implements InvocationHandler {
        final List<String> calls = new ArrayList<>();
        final EventQuery query =
                (EventQuery) Proxy.newProxyInstance(EventQuery.class.getClassLoader(), new Class<?>[] {EventQuery.class}, this);

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            if (method.getName().equals("getResultStream")) return Stream.<Event>empty();
            calls.add(args == null ? method.getName() : method.getName() + " " + shown(args[0]));
            return proxy;
        }

        private static Object shown(Object argument) {
            if (argument instanceof Date date) return date.getTime();
            if (argument instanceof EventType[] types) return Set.of(types).size();
            return argument;
        }
    }

    @Test
    void asksForTheUsersListedEventsOfTheLastThirtyDaysNewestFirstAndOneRowMore() {
        Recorder recorder = new Recorder();
        long now = 1_800_000_000_000L;
        ActivityEvents.query(recorder.query, "realm-id", "user-id", new PageRequest(40, 20), ActivityEvents.since(now));
        assertEquals(Arrays.asList("realm realm-id", "user user-id", "type 18",
                "fromDate " + (now - Duration.ofDays(30).toMillis()), "orderByDescTime", "firstResult 40",
                "maxResults 21"), recorder.calls);
    }

    @Test
    void theDeepestStartIsAThousandRows() {
        Recorder recorder = new Recorder();
        ActivityEvents.query(recorder.query, "r", "u", PageRequest.parse("10000", "50"), 0L);
        assertEquals("firstResult 1000", recorder.calls.get(5));
    }
}
