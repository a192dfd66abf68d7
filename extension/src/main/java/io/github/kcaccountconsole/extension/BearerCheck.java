package io.github.kcaccountconsole.extension;

import java.util.Set;

import jakarta.ws.rs.WebApplicationException;

import org.keycloak.models.KeycloakSession;
import org.keycloak.models.UserModel;
import org.keycloak.protocol.oidc.AccessTokenIntrospectionProvider;
import org.keycloak.protocol.oidc.AccessTokenIntrospectionProviderFactory;
import org.keycloak.protocol.oidc.TokenIntrospectionProvider;
import org.keycloak.representations.AccessToken;
import org.keycloak.services.managers.AppAuthManager;
import org.keycloak.services.managers.AuthenticationManager.AuthResult;

/** Checks the request's bearer token the way Keycloak's Account REST API does, and describes the caller. */
final class BearerCheck {

    /** The checked caller: the facts for {@link Access#decide}, and the user when the token was valid. */
    record Result(Access.Caller caller, UserModel user) {
    }

    private BearerCheck() {
    }

    static Result check(KeycloakSession session) {
        AuthResult auth;
        try {
            // Verifies signature, issuer (this realm), expiry, token type, and that the user session is active.
            auth = new AppAuthManager.BearerTokenAuthenticator(session).authenticate();
        } catch (WebApplicationException malformedHeader) {
            // An Authorization header that is not "Bearer <token>": Keycloak refuses it with an exception. Any other
            // failure (the database, a bug) is not a refusal and goes on to Keycloak's error handling.
            auth = null;
        }
        if (auth == null || auth.getUser() == null || auth.getToken() == null) {
            return new Result(Access.Caller.anonymous(), null);
        }
        UserModel user = auth.getUser();
        AccessToken token = auth.getToken();
        String issuedFor = auth.getClient() != null ? auth.getClient().getClientId() : token.getIssuedFor();
        Access.Caller caller = new Access.Caller(true, user.isEnabled(), user.getServiceAccountClientLink() != null,
                issuedFor, accountRoles(session, auth, token));
        return new Result(caller, user);
    }

    /** The token's roles of the account client; a lightweight token's are read as token introspection would. */
    private static Set<String> accountRoles(KeycloakSession session, AuthResult auth, AccessToken token) {
        AccessToken.Access access = token.getResourceAccess(Access.ACCOUNT_CLIENT);
        if (access == null && auth.getSession() != null) {
            TokenIntrospectionProvider provider = session.getProvider(TokenIntrospectionProvider.class,
                    AccessTokenIntrospectionProviderFactory.ACCESS_TOKEN_TYPE);
            if (provider instanceof AccessTokenIntrospectionProvider introspection) {
                AccessToken full = introspection.transformAccessToken(token, auth.getSession());
                access = full == null ? null : full.getResourceAccess(Access.ACCOUNT_CLIENT);
            }
        }
        return access == null || access.getRoles() == null ? Set.of() : Set.copyOf(access.getRoles());
    }
}
