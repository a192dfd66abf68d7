package io.github.kcaccountconsole.extension.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Function;

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

    /**
     * What AuthResultParts reads from an AuthResult of `type` made by `make` around a token: which form it calls, then the
     * token itself, and no user or client (the result holds none).
     */
    private static void readsTheParts(Class<?> type, boolean recordAccessors, Function<AccessToken, Object> make) {
        AccessToken token = new AccessToken();
        AuthResultParts parts = AuthResultParts.of(type);
        assertEquals(recordAccessors, parts.recordAccessors());
        Object result = make.apply(token);
        assertSame(token, parts.token(result));
        assertNull(parts.user(result));
        assertNull(parts.client(result));
    }

    @Test
    void onTheOldestSupportedKeycloakTheGettersAreRead() {
        readsTheParts(AuthResult.class, false, token -> new AuthResult(null, null, token, null));
    }

    @Test
    void whereAuthResultIsARecordItsAccessorsAreReadAndNotTheDeprecatedGetters() {
        readsTheParts(NewerAuthResult.class, true, token -> new NewerAuthResult(null, null, token, null));
    }

    @Test
    void aShapeWithNeitherFailsAtOnceWithASentence() {
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> AuthResultParts.of(Unrelated.class));
        assertTrue(error.getMessage().contains("getUser()"), error.getMessage());
    }
}
