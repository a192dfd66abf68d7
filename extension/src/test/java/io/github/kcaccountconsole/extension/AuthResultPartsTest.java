package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.keycloak.models.ClientModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.representations.AccessToken;
import org.keycloak.services.managers.AuthenticationManager.AuthResult;

class AuthResultPartsTest {

    /** The shape of AuthResult from Keycloak 26.5 on: a record whose old getters still exist, deprecated. */
    public record NewerAuthResult(UserModel user, UserSessionModel session, AccessToken token, ClientModel client) {

        public AccessToken getToken() {
            throw new AssertionError("the deprecated getter was called");
        }

        public UserModel getUser() {
            throw new AssertionError("the deprecated getter was called");
        }
    }

    /** A class with neither form. */
    public static final class Unrelated {
    }

    @Test
    void onTheOldestSupportedKeycloakTheGettersAreRead() {
        AccessToken token = new AccessToken();
        AuthResultParts parts = AuthResultParts.of(AuthResult.class);
        assertFalse(parts.recordAccessors());
        AuthResult result = new AuthResult(null, null, token, null);
        assertSame(token, parts.token(result));
        assertNull(parts.user(result));
    }

    @Test
    void whereAuthResultIsARecordItsAccessorsAreReadAndNotTheDeprecatedGetters() {
        AccessToken token = new AccessToken();
        AuthResultParts parts = AuthResultParts.of(NewerAuthResult.class);
        assertTrue(parts.recordAccessors());
        NewerAuthResult result = new NewerAuthResult(null, null, token, null);
        assertSame(token, parts.token(result));
        assertNull(parts.user(result));
        assertNull(parts.client(result));
    }

    @Test
    void aShapeWithNeitherFailsAtOnceWithASentence() {
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> AuthResultParts.of(Unrelated.class));
        assertTrue(error.getMessage().contains("getUser()"), error.getMessage());
    }
}
