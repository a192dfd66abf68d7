package io.github.kcaccountconsole.extension.signinalerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.github.kcaccountconsole.extension.shared.Answers;

class SignInAlertsResourceTest {

    private static Boolean read(String body) {
        return SignInAlertsResource.enabledOf(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void takesOnlyAnObjectWithOneBoolean() {
        assertEquals(Boolean.TRUE, read("{\"enabled\": true}"));
        assertEquals(Boolean.FALSE, read("{\"enabled\":false}"));
        assertNull(read("{\"enabled\": \"false\"}"));
        assertNull(read("{\"enabled\": false, \"user\": \"bob\"}"));
        assertNull(read("[false]"));
        assertNull(read(""));
        assertNull(read("not json"));
    }

    @Test
    void theAnswerNamesTheOfferAndTheChoice() {
        assertEquals("{\"offered\":true,\"enabled\":false}", new String(
                Answers.write(new SignInAlertsResource.Choice(true, false)), StandardCharsets.UTF_8));
    }
}
