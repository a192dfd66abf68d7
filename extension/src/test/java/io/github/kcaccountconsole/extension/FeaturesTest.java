package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

class FeaturesTest {

    @Test
    void everyFeatureIsOnWhenNothingIsSet() {
        assertEquals(new Features(true, true), Features.from(Map.<String, String>of()::get));
    }

    @Test
    void falseTurnsEachFeatureOffOnItsOwn() {
        assertEquals(new Features(false, true), Features.from(Map.of("account-activity-enabled", "false")::get));
        assertEquals(new Features(true, false), Features.from(Map.of("default-second-factor-enabled", " FALSE ")::get));
    }

    @Test
    void anyOtherValueLeavesTheFeatureOn() {
        assertEquals(new Features(true, true),
                Features.from(Map.of("account-activity-enabled", "true", "default-second-factor-enabled", "no")::get));
    }
}
