package io.github.kcaccountconsole.extension.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.PageRequest;

class OfflineSessionsTest {

    /** A stand-in for a session: its id and last refresh in seconds. */
    private record Fake(String id, int lastRefresh) {
    }

    private static List<OfflineSessions.Entry<Fake>> entries(List<Fake> sessions) {
        return sessions.stream()
                .map(fake -> new OfflineSessions.Entry<>(fake.id(), OfflineSessions.millis(fake.lastRefresh()), fake))
                .toList();
    }

    private static OfflineSessions.Row row(Fake fake) {
        return new OfflineSessions.Row(fake.id(), 0, OfflineSessions.millis(fake.lastRefresh()), "192.0.2.1", null,
                null, null, null, List.of());
    }

    private static List<String> ids(OfflineSessions.Page page) {
        return page.sessions().stream().map(OfflineSessions.Row::id).toList();
    }

    @Test
    void newestRefreshFirstAndTheIdBreaksTies() {
        List<Fake> sessions = List.of(new Fake("b", 10), new Fake("a", 30), new Fake("d", 20), new Fake("c", 20));
        OfflineSessions.Page page = OfflineSessions.page(entries(sessions), new PageRequest(0, 10), OfflineSessionsTest::row);
        assertEquals(List.of("a", "c", "d", "b"), ids(page));
        assertFalse(page.hasMore());
        assertEquals(30_000L, page.sessions().get(0).lastRefresh());
    }

    @Test
    void pagesCoverEverySessionOnceAndSayWhetherMoreFollow() {
        List<Fake> sessions = new ArrayList<>();
        IntStream.range(0, 45).forEach(i -> sessions.add(new Fake(String.format("s%02d", i), 1000 - (i % 7))));
        List<String> seen = new ArrayList<>();
        int first = 0;
        boolean more = true;
        while (more) {
            OfflineSessions.Page page = OfflineSessions.page(entries(sessions), new PageRequest(first, 20),
                    OfflineSessionsTest::row);
            assertEquals(first, page.first());
            assertEquals(20, page.max());
            seen.addAll(ids(page));
            more = page.hasMore();
            first += 20;
        }
        assertEquals(45, seen.size());
        assertEquals(45, seen.stream().distinct().count());
        assertEquals(3, first / 20);
    }

    @Test
    void aPageThatEndsExactlyAtTheLastSessionHasNoMore() {
        List<Fake> sessions = List.of(new Fake("a", 3), new Fake("b", 2), new Fake("c", 1), new Fake("d", 0));
        assertTrue(OfflineSessions.page(entries(sessions), new PageRequest(0, 3), OfflineSessionsTest::row).hasMore());
        OfflineSessions.Page last = OfflineSessions.page(entries(sessions), new PageRequest(2, 2), OfflineSessionsTest::row);
        assertEquals(List.of("c", "d"), ids(last));
        assertFalse(last.hasMore());
    }

    @Test
    void aStartBeyondTheEndIsAnEmptyPage() {
        OfflineSessions.Page page = OfflineSessions.page(entries(List.of(new Fake("a", 1))), new PageRequest(1000, 50),
                OfflineSessionsTest::row);
        assertEquals(List.of(), page.sessions());
        assertFalse(page.hasMore());
        assertEquals(1000, page.first());
    }

    @Test
    void onlyThePagesSessionsAreReadFurther() {
        List<Fake> sessions = IntStream.range(0, 1000).mapToObj(i -> new Fake("s" + i, i)).toList();
        AtomicInteger read = new AtomicInteger();
        OfflineSessions.page(entries(sessions), new PageRequest(40, 20), fake -> {
            read.incrementAndGet();
            return row(fake);
        });
        assertEquals(20, read.get());
    }

    @Test
    void aPageOfTheDatabasesIdsKeepsItsOrderAndReadsOnlyThePage() {
        List<String> read = new ArrayList<>();
        OfflineSessions.Page page = OfflineSessions.pageOfIds(List.of("c", "a", "b"), new PageRequest(4, 2), id -> {
            read.add(id);
            return new Fake(id, 1);
        }, OfflineSessionsTest::row);
        assertEquals(List.of("c", "a"), ids(page));
        assertEquals(List.of("c", "a"), read);
        assertTrue(page.hasMore());
        assertEquals(4, page.first());
    }

    @Test
    void aSessionGoneSinceTheDatabaseListedItIsLeftOut() {
        OfflineSessions.Page page = OfflineSessions.pageOfIds(List.of("a", "gone", "b"), new PageRequest(0, 5),
                id -> "gone".equals(id) ? null : new Fake(id, 1), OfflineSessionsTest::row);
        assertEquals(List.of("a", "b"), ids(page));
        assertFalse(page.hasMore());
    }

    @Test
    void theRowKeepsItsFieldsInTheContractsOrderAndItsNulls() {
        OfflineSessions.Row row = new OfflineSessions.Row("id-1", 1000L, 2000L, "192.0.2.1", null, "Linux", "6.1", null,
                List.of(new OfflineSessions.Client("cli", null)));
        String json = new String(Answers.write(new OfflineSessions.Page(0, 20, false, List.of(row))),
                StandardCharsets.UTF_8);
        assertEquals("{\"first\":0,\"max\":20,\"hasMore\":false,\"sessions\":[{\"id\":\"id-1\",\"started\":1000,"
                + "\"lastRefresh\":2000,\"ipAddress\":\"192.0.2.1\",\"browser\":null,\"os\":\"Linux\",\"osVersion\":\"6.1\",\"device\":null,"
                + "\"clients\":[{\"clientId\":\"cli\",\"clientName\":null}]}]}", json);
    }

    @Test
    void keycloaksOtherAndUnknownAreNoFact() {
        assertNull(OfflineSessions.known("Other"));
        assertNull(OfflineSessions.known("Unknown"));
        assertNull(OfflineSessions.known(" "));
        assertNull(OfflineSessions.known(null));
        assertEquals("Linux", OfflineSessions.known("Linux"));
        assertNull(OfflineSessions.name(""));
        assertEquals("CLI", OfflineSessions.name("CLI"));
    }

    @Test
    void applicationsInOrderOfTheirClientId() {
        List<OfflineSessions.Client> sorted = OfflineSessions.clients(List.of(new OfflineSessions.Client("b", "Bee"),
                new OfflineSessions.Client("a", null)));
        assertEquals(List.of("a", "b"), sorted.stream().map(OfflineSessions.Client::clientId).toList());
    }

    @Test
    void millisFromKeycloaksSeconds() {
        assertEquals(1_700_000_000_000L, OfflineSessions.millis(1_700_000_000));
    }

    @ParameterizedTest
    @ValueSource(strings = {"6f1c2b0e-8a4d-4b7e-9c3a-1d2e3f4a5b6c", "AbC_12-x.y:z", "a"})
    void idsThatCanBeKeycloaksAreLookedUp(String id) {
        assertTrue(OfflineSessions.plausibleId(id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "a b", "../x", "id%2F", "ï", "a/b"})
    void otherIdsAreRefusedBeforeAnyLookup(String id) {
        assertFalse(OfflineSessions.plausibleId(id));
    }

    @Test
    void anIdLongerThan255CharactersIsRefused() {
        assertTrue(OfflineSessions.plausibleId("a".repeat(255)));
        assertFalse(OfflineSessions.plausibleId("a".repeat(256)));
        assertFalse(OfflineSessions.plausibleId(null));
    }
}
