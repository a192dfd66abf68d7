package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void keepsNullFieldsAndTheOrderOfKeys() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("time", 1732460000000L);
        row.put("type", "LOGIN");
        row.put("error", null);
        row.put("first", 0);
        row.put("hasMore", false);
        row.put("events", new ArrayList<>(List.of("a", "b")));
        assertEquals("{\"time\":1732460000000,\"type\":\"LOGIN\",\"error\":null,\"first\":0,\"hasMore\":false,"
                + "\"events\":[\"a\",\"b\"]}", Json.write(row));
    }

    @Test
    void escapesQuotesBackslashesControlCharactersAndMarkup() {
        assertEquals("\"a\\\"b\\\\c\\n\\u0001\\u003c/script\\u003e\\u0026\"", Json.write("a\"b\\c\n\u0001</script>&"));
        assertEquals("\"\\u2028ü€\"", Json.write("\u2028ü€"));
    }

    @Test
    void refusesWhatItCannotWrite() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
    }
}
