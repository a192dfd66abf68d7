package io.github.kcaccountconsole.extension.shared;

import java.util.Set;

import jakarta.ws.rs.WebApplicationException;

import org.keycloak.events.EventBuilder;
import org.keycloak.models.ClientModel;
import org.keycloak.models.Constants;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.protocol.oidc.AccessTokenIntrospectionProvider;
import org.keycloak.protocol.oidc.AccessTokenIntrospectionProviderFactory;
import org.keycloak.protocol.oidc.TokenIntrospectionProvider;
import org.keycloak.representations.AccessToken;
import org.keycloak.services.managers.AppAuthManager;
import org.keycloak.services.managers.AuthenticationManager.AuthResult;

/** Checks the request's bearer token the way Keycloak's Account REST API does, and describes the caller. */
public final class BearerCheck {

    /**
     * The checked caller: the facts for {@link Access#decide}, and, when the token was valid, its user, the user
     * session it belongs to and the client it was issued to (for the events the extension records).
     */
    public record Result(Access.Caller caller, UserModel user, UserSessionModel userSession, ClientModel client) {

        static Result anonymous() {
            return new Result(Access.Caller.anonymous(), null, null, null);
        }

        /** An event of this caller, as Keycloak's Account API records its own: the user, and the console it used. */
        public EventBuilder event(KeycloakSession session) {
            EventBuilder event = new EventBuilder(session.getContext().getRealm(), session,
                    session.getContext().getConnection()).user(user);
            if (client != null) {
                event.client(client);
            }
            return event;
        }

        /** {@link #event}, in the caller's own session where the token has one. */
        public EventBuilder eventInSession(KeycloakSession session) {
            EventBuilder event = event(session);
            if (userSession != null) {
                event.session(userSession);
            }
            return event;
        }
    }

    private static final AuthResultParts PARTS = AuthResultParts.of(AuthResult.class);

    private BearerCheck() {
    }

    public static Result check(KeycloakSession session) {
        AuthResult auth;
        try {
            // Verifies signature, issuer (this realm), expiry, token type, and that the user session is active.
            auth = new AppAuthManager.BearerTokenAuthenticator(session).authenticate();
        } catch (WebApplicationException malformedHeader) {
            // An Authorization header that is not "Bearer <token>": Keycloak refuses it with an exception. Any other
            // failure (the database, a bug) is not a refusal and goes on to Keycloak's error handling.
            auth = null;
        }
        UserModel user = auth == null ? null : PARTS.user(auth);
        AccessToken token = auth == null ? null : PARTS.token(auth);
        if (user == null || token == null) {
            return Result.anonymous();
        }
        ClientModel client = PARTS.client(auth);
        UserSessionModel userSession = PARTS.session(auth);
        String issuedFor = client != null ? client.getClientId() : token.getIssuedFor();
        Access.Caller caller = new Access.Caller(true, user.isEnabled(), user.getServiceAccountClientLink() != null,
                issuedFor, accountRoles(session, userSession, token));
        return new Result(caller, user, userSession, client);
    }

    /** The token's roles of the account client; a lightweight token's are read as token introspection would. */
    private static Set<String> accountRoles(KeycloakSession session, UserSessionModel userSession, AccessToken token) {
        AccessToken.Access access = token.getResourceAccess(Constants.ACCOUNT_MANAGEMENT_CLIENT_ID);
        if (access == null && userSession != null) {
            TokenIntrospectionProvider provider = session.getProvider(TokenIntrospectionProvider.class,
                    AccessTokenIntrospectionProviderFactory.ACCESS_TOKEN_TYPE);
            if (provider instanceof AccessTokenIntrospectionProvider introspection) {
                AccessToken full = introspection.transformAccessToken(token, userSession);
                access = full == null ? null : full.getResourceAccess(Constants.ACCOUNT_MANAGEMENT_CLIENT_ID);
            }
        }
        return access == null || access.getRoles() == null ? Set.of() : Set.copyOf(access.getRoles());
    }
}
