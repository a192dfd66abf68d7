package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The extension's own answers, written as Keycloak writes JSON (JsonSerialization): field names, order and nulls. */
class ExtensionResourceBodiesTest {

    private static String json(Object body) {
        return new String(ExtensionResource.write(body), StandardCharsets.UTF_8);
    }

    @Test
    void theProbeNamesEachFeature() {
        assertEquals("{\"accountActivity\":true,\"defaultSecondFactor\":false,\"eventsEnabled\":true,"
                + "\"signInAlerts\":false,\"applicationSessions\":true,\"verifyEmailAction\":false,\"offlineSessions\":true,\"lastUsed\":true,\"lockDown\":true,\"appPasswords\":true}",
                json(new ExtensionResource.Offer(true, false, true, false, true, false, true, true, true, true)));
    }

    @Test
    void aLastUseOfOnlyATypeSaysSo() {
        assertEquals("{\"lastUsed\":[{\"credentialId\":null,\"type\":\"password\",\"time\":1}]}",
                json(new ExtensionResource.LastUses(java.util.List.of(new ExtensionResource.LastUse(null, "password", 1)))));
    }

    @Test
    void anErrorHasACodeAndASentence() {
        assertEquals("{\"error\":\"not_found\",\"errorDescription\":\"Off \\\"here\\\".\"}",
                json(new ExtensionResource.ErrorBody("not_found", "Off \"here\".")));
        assertThrows(NullPointerException.class, () -> new ExtensionResource.ErrorBody(null, "no code"));
    }
}
