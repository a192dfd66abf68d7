package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

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
}
