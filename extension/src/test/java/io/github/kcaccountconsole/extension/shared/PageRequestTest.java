package io.github.kcaccountconsole.extension.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PageRequestTest {

    @Test
    void missingOrBlankValuesTakeTheDefaults() {
        assertEquals(new PageRequest(0, 20), PageRequest.parse(null, null));
        assertEquals(new PageRequest(0, 20), PageRequest.parse("", "  "));
    }

    @ParameterizedTest
    @CsvSource({
        "0, 1, 0, 1",
        "5, 50, 5, 50",
        "5, 51, 5, 50",
        "0, 100000, 0, 50",
        "0, 99999999999999999999999, 0, 50",
        "0, 0, 0, 1",
        "0, -3, 0, 1",
        "-1, 10, 0, 10",
        "1000, 10, 1000, 10",
        "1001, 10, 1000, 10",
        "10000, 10, 1000, 10",
        "+7, 007, 7, 7",
        " 3 , 4 , 3, 4",
    })
    void capsBothValues(String first, String max, int expectedFirst, int expectedMax) {
        assertEquals(new PageRequest(expectedFirst, expectedMax), PageRequest.parse(first, max));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ten", "1.5", "1e3", "0x10", "--1", "1 0", "NaN", "２"})
    void refusesAMaxThatIsNotAWholeNumber(String value) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> PageRequest.parse("0", value));
        assertTrue(error.getMessage().contains("'max'"), error.getMessage());
    }

    @Test
    void refusesAFirstThatIsNotAWholeNumber() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> PageRequest.parse("x", "5"));
        assertTrue(error.getMessage().contains("'first'"), error.getMessage());
    }
}
