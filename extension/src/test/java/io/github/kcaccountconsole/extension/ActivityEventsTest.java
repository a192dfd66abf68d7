package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.keycloak.events.EventType;

class ActivityEventsTest {

    @Test
    void everyListedTypeIsAnEventTypeOfTheOldestSupportedKeycloak() {
        var known = Arrays.stream(EventType.values()).map(Enum::name).collect(Collectors.toSet());
        for (String type : ActivityEvents.TYPES) {
            assertTrue(known.contains(type), type);
        }
        assertEquals(18, ActivityEvents.TYPES.size());
    }

    @Test
    void listsAccountEventsOnly() {
        assertTrue(ActivityEvents.isListed("LOGIN"));
        assertTrue(ActivityEvents.isListed("LOGIN_ERROR"));
        assertTrue(ActivityEvents.isListed("REMOVE_FEDERATED_IDENTITY"));
        assertFalse(ActivityEvents.isListed("CODE_TO_TOKEN"));
        assertFalse(ActivityEvents.isListed("REFRESH_TOKEN"));
        assertFalse(ActivityEvents.isListed("IMPERSONATE"));
        assertFalse(ActivityEvents.isListed(null));
    }

    @Test
    void aRowHoldsTheSixFieldsAndNoOtherDetail() {
        Map<String, String> details = Map.of("code_id", "secret-code", "auth_method", "openid-connect",
                "redirect_uri", "https://app.example/cb", "username", "alice");
        Map<String, Object> row = ActivityEvents.toRow(new ActivityEvents.StoredEvent(1732460000000L, "LOGIN",
                "127.0.0.1", "account-console", null, details));
        assertEquals(List.of("time", "type", "credentialType", "ipAddress", "clientId", "error"),
                new ArrayList<>(row.keySet()));
        assertEquals(1732460000000L, row.get("time"));
        assertEquals("LOGIN", row.get("type"));
        assertNull(row.get("credentialType"));
        assertEquals("127.0.0.1", row.get("ipAddress"));
        assertEquals("account-console", row.get("clientId"));
        assertNull(row.get("error"));
        assertFalse(row.toString().contains("secret-code"));
    }

    @Test
    void aFailureCarriesItsError() {
        Map<String, Object> row = ActivityEvents.toRow(new ActivityEvents.StoredEvent(1L, "LOGIN_ERROR", "10.0.0.2",
                "account-console", "invalid_user_credentials", null));
        assertEquals("invalid_user_credentials", row.get("error"));
        assertEquals("10.0.0.2", row.get("ipAddress"));
    }

    @Test
    void blankFieldsBecomeNull() {
        Map<String, Object> row = ActivityEvents.toRow(new ActivityEvents.StoredEvent(1L, "LOGOUT", "", " ", "", null));
        assertNull(row.get("ipAddress"));
        assertNull(row.get("clientId"));
        assertNull(row.get("error"));
    }

    @Test
    void namesTheCredentialTypeOfCredentialEventsOnlyAndOnlyKnownTypes() {
        Map<String, String> otp = Map.of("credential_type", "otp");
        assertEquals("otp", ActivityEvents.credentialType("UPDATE_CREDENTIAL", otp));
        assertEquals("otp", ActivityEvents.credentialType("REMOVE_TOTP", otp));
        assertEquals("password", ActivityEvents.credentialType("UPDATE_PASSWORD", Map.of("credential_type", "password")));
        assertEquals("webauthn-passwordless",
                ActivityEvents.credentialType("REMOVE_CREDENTIAL", Map.of("credential_type", "webauthn-passwordless")));
        assertNull(ActivityEvents.credentialType("LOGIN", otp));
        assertNull(ActivityEvents.credentialType("UPDATE_CREDENTIAL", Map.of("credential_type", "my-secret-type")));
        assertNull(ActivityEvents.credentialType("UPDATE_CREDENTIAL", Map.of()));
        assertNull(ActivityEvents.credentialType("UPDATE_CREDENTIAL", null));
        assertNull(ActivityEvents.credentialType("UPDATE_PASSWORD_ERROR", otp));
    }

    @Test
    void aPageWithOneRowTooManySaysThereIsMoreAndDropsIt() {
        PageRequest page = new PageRequest(0, 2);
        List<Map<String, Object>> rows = List.of(Map.of("type", "A"), Map.of("type", "B"), Map.of("type", "C"));
        Map<String, Object> body = ActivityEvents.page(true, page, rows);
        assertEquals(true, body.get("hasMore"));
        assertEquals(rows.subList(0, 2), body.get("events"));
        assertEquals(List.of("eventsEnabled", "first", "max", "hasMore", "events"), new ArrayList<>(body.keySet()));
    }

    @Test
    void theLastPageSaysThereIsNoMore() {
        Map<String, Object> body = ActivityEvents.page(true, new PageRequest(4, 2), List.of(Map.of("type", "A")));
        assertEquals(false, body.get("hasMore"));
        assertEquals(4, body.get("first"));
        assertEquals(2, body.get("max"));
        assertEquals(1, ((List<?>) body.get("events")).size());
    }

    @Test
    void aRealmThatSavesNoEventsAnswersAnEmptyPage() {
        Map<String, Object> body = ActivityEvents.page(false, new PageRequest(0, 20), List.of());
        assertEquals(Map.of("eventsEnabled", false, "first", 0, "max", 20, "hasMore", false, "events", List.of()), body);
    }
}
