package io.github.kcaccountconsole.extension.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.github.kcaccountconsole.extension.places.Place;
import org.keycloak.events.EventType;

import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.PageRequest;

class ActivityEventsTest {

    @Test
    void listsEighteenAccountEventTypesAndAsksTheStoreForExactlyThose() {
        assertEquals(18, ActivityEvents.TYPES.size());
        assertEquals(ActivityEvents.TYPES, Set.of(ActivityEvents.queryTypes()));
        // A copy: whatever a store does with the array, the list stays as it is.
        ActivityEvents.queryTypes()[0] = EventType.IMPERSONATE;
        assertFalse(ActivityEvents.isListed(EventType.IMPERSONATE));
    }

    @Test
    void listsAccountEventsOnly() {
        assertTrue(ActivityEvents.isListed(EventType.LOGIN));
        assertTrue(ActivityEvents.isListed(EventType.LOGIN_ERROR));
        assertTrue(ActivityEvents.isListed(EventType.REMOVE_FEDERATED_IDENTITY));
        assertFalse(ActivityEvents.isListed(EventType.CODE_TO_TOKEN));
        assertFalse(ActivityEvents.isListed(EventType.REFRESH_TOKEN));
        assertFalse(ActivityEvents.isListed(EventType.IMPERSONATE));
        assertFalse(ActivityEvents.isListed(null));
    }

    @Test
    void aRowHoldsTheSixFieldsAndNoOtherDetail() {
        Map<String, String> details = Map.of("code_id", "secret-code", "auth_method", "openid-connect",
                "redirect_uri", "https://app.example/cb", "username", "alice");
        ActivityEvents.Row row = ActivityEvents.toRow(new ActivityEvents.StoredEvent(1732460000000L, EventType.LOGIN,
                "127.0.0.1", "account-console", null, details), null);
        assertEquals(new ActivityEvents.Row(1732460000000L, EventType.LOGIN, null, "127.0.0.1", "account-console", null,
                null, null), row);
        // Written as Keycloak writes JSON, with every field, nulls included, in this order, and nothing else.
        assertEquals("{\"time\":1732460000000,\"type\":\"LOGIN\",\"credentialType\":null,\"ipAddress\":\"127.0.0.1\","
                + "\"clientId\":\"account-console\",\"error\":null,\"change\":null,\"place\":null}", json(row));
    }

    @Test
    void aRowCarriesItsPlaceWithEveryPart() {
        ActivityEvents.Row row = ActivityEvents.toRow(new ActivityEvents.StoredEvent(1L, EventType.LOGIN,
                "81.2.69.142", "account-console", null, null), new Place("Bracknell", null, "GB"));
        assertEquals("{\"time\":1,\"type\":\"LOGIN\",\"credentialType\":null,\"ipAddress\":\"81.2.69.142\","
                + "\"clientId\":\"account-console\",\"error\":null,\"change\":null,"
                + "\"place\":{\"city\":\"Bracknell\",\"region\":null,\"country\":\"GB\"}}", json(row));
    }

    @Test
    void theExtensionsOwnCredentialEventSaysItMadeADefault() {
        Map<String, String> details = Map.of("credential_type", "otp", "credential_change", "default_second_factor");
        ActivityEvents.Row row = ActivityEvents.toRow(new ActivityEvents.StoredEvent(1L, EventType.UPDATE_CREDENTIAL,
                "10.0.0.2", "account-console", null, details), null);
        assertEquals("default_second_factor", row.change());
        assertEquals("otp", row.credentialType());
        assertNull(ActivityEvents.change(EventType.UPDATE_CREDENTIAL, Map.of("credential_type", "otp")));
        assertNull(ActivityEvents.change(EventType.LOGIN, details));
        assertNull(ActivityEvents.change(EventType.UPDATE_CREDENTIAL, Map.of("credential_change", "something else")));
    }

    @Test
    void aFailureCarriesItsError() {
        ActivityEvents.Row row = ActivityEvents.toRow(new ActivityEvents.StoredEvent(1L, EventType.LOGIN_ERROR,
                "10.0.0.2", "account-console", "invalid_user_credentials", null), null);
        assertEquals("invalid_user_credentials", row.error());
        assertEquals("10.0.0.2", row.ipAddress());
    }

    @Test
    void blankFieldsBecomeNull() {
        ActivityEvents.Row row = ActivityEvents.toRow(new ActivityEvents.StoredEvent(1L, EventType.LOGOUT, "", " ", "",
                null), null);
        assertNull(row.ipAddress());
        assertNull(row.clientId());
        assertNull(row.error());
    }

    @Test
    void namesTheCredentialTypeOfCredentialEventsOnlyAndOnlyKnownTypes() {
        Map<String, String> otp = Map.of("credential_type", "otp");
        assertEquals("otp", ActivityEvents.credentialType(EventType.UPDATE_CREDENTIAL, otp));
        assertEquals("otp", ActivityEvents.credentialType(EventType.REMOVE_TOTP, otp));
        assertEquals("password", ActivityEvents.credentialType(EventType.UPDATE_PASSWORD, Map.of("credential_type", "password")));
        assertEquals("webauthn-passwordless",
                ActivityEvents.credentialType(EventType.REMOVE_CREDENTIAL, Map.of("credential_type", "webauthn-passwordless")));
        assertEquals("account-console-app-password", ActivityEvents.credentialType(EventType.REMOVE_CREDENTIAL,
                Map.of("credential_type", "account-console-app-password")));
        assertNull(ActivityEvents.credentialType(EventType.LOGIN, otp));
        assertNull(ActivityEvents.credentialType(EventType.UPDATE_CREDENTIAL, Map.of("credential_type", "my-secret-type")));
        assertNull(ActivityEvents.credentialType(EventType.UPDATE_CREDENTIAL, Map.of()));
        assertNull(ActivityEvents.credentialType(EventType.UPDATE_CREDENTIAL, null));
        assertNull(ActivityEvents.credentialType(EventType.UPDATE_PASSWORD_ERROR, otp));
    }

    private static ActivityEvents.Row row(long time) {
        return new ActivityEvents.Row(time, EventType.LOGIN, null, null, null, null, null, null);
    }

    @Test
    void aPageWithOneRowTooManySaysThereIsMoreAndDropsIt() {
        PageRequest page = new PageRequest(0, 2);
        List<ActivityEvents.Row> rows = List.of(row(3), row(2), row(1));
        ActivityEvents.Page body = ActivityEvents.page(true, page, rows);
        assertTrue(body.hasMore());
        assertEquals(rows.subList(0, 2), body.events());
        assertTrue(json(body).startsWith("{\"eventsEnabled\":true,\"first\":0,\"max\":2,\"hasMore\":true,\"events\":[{"),
                json(body));
    }

    @Test
    void theLastPageSaysThereIsNoMore() {
        ActivityEvents.Page body = ActivityEvents.page(true, new PageRequest(4, 2), List.of(row(1)));
        assertFalse(body.hasMore());
        assertEquals(4, body.first());
        assertEquals(2, body.max());
        assertEquals(1, body.events().size());
    }

    @Test
    void aRealmThatSavesNoEventsAnswersAnEmptyPage() {
        ActivityEvents.Page body = ActivityEvents.page(false, new PageRequest(0, 20), List.of());
        assertEquals("{\"eventsEnabled\":false,\"first\":0,\"max\":20,\"hasMore\":false,\"events\":[]}", json(body));
    }

    private static String json(Object body) {
        return new String(Answers.write(body), StandardCharsets.UTF_8);
    }
}
