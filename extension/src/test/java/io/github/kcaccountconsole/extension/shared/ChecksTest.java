package io.github.kcaccountconsole.extension.shared;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.keycloak.common.Profile;
import org.keycloak.common.profile.CommaSeparatedListProfileConfigResolver;

/** The first of the checks, read from the server's features as Keycloak's checkAccountApiEnabled() reads them. */
class ChecksTest {

    @AfterEach
    void defaultFeatures() {
        Profile.configure();
    }

    @Test
    void theAccountApiIsOnByDefault() {
        Profile.configure();
        assertFalse(Checks.accountApiOff());
    }

    @Test
    void aServerStartedWithTheAccountApiOffIsSeen() {
        // Keycloak refuses to start with account (v3) on and account-api off: both go.
        Profile.configure(new CommaSeparatedListProfileConfigResolver(null, "account-api,account"));
        assertTrue(Checks.accountApiOff());
    }
}
