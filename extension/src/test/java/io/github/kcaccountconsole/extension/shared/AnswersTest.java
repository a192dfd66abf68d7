package io.github.kcaccountconsole.extension.shared;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The extension's answers, written as Keycloak writes JSON (JsonSerialization): field names, order and nulls. */
class AnswersTest {

    @Test
    void anErrorHasACodeAndASentence() {
        assertEquals("{\"error\":\"not_found\",\"errorDescription\":\"Off \\\"here\\\".\"}",
                new String(Answers.write(new Answers.ErrorBody("not_found", "Off \"here\".")), StandardCharsets.UTF_8));
        assertThrows(NullPointerException.class, () -> new Answers.ErrorBody(null, "no code"));
    }

    @Test
    void aBodyUpToTheLimitIsRead() throws IOException {
        byte[] most = new byte[Answers.MAX_BODY_BYTES];
        assertArrayEquals(most, Answers.body(new ByteArrayInputStream(most)));
        assertArrayEquals(new byte[0], Answers.body(null));
    }
}
