package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.github.kcaccountconsole.extension.shared.Answers;

/** The probe's answer, written as Keycloak writes JSON (JsonSerialization): field names and order. */
class ExtensionResourceBodiesTest {

    private static String json(Object body) {
        return new String(Answers.write(body), StandardCharsets.UTF_8);
    }

    @Test
    void theProbeNamesEachFeature() {
        assertEquals("{\"accountActivity\":true,\"defaultSecondFactor\":false,\"eventsEnabled\":true,"
                + "\"signInAlerts\":false,\"applicationSessions\":true,\"verifyEmailAction\":false,\"offlineSessions\":true,\"lastUsed\":true,\"lockDown\":true,\"appPasswords\":true,"
                + "\"places\":false}",
                json(new ExtensionResource.Offer(true, false, true, false, true, false, true, true, true, true, false,
                        null)));
        assertEquals("{\"accountActivity\":false,\"defaultSecondFactor\":false,\"eventsEnabled\":false,"
                + "\"signInAlerts\":false,\"applicationSessions\":true,\"verifyEmailAction\":false,"
                + "\"offlineSessions\":true,\"lastUsed\":false,\"lockDown\":true,\"appPasswords\":false,"
                + "\"places\":true,\"placesAttribution\":\"Data by someone\"}",
                json(new ExtensionResource.Offer(false, false, false, false, true, false, true, false, true, false, true,
                        "Data by someone")));
    }
}
