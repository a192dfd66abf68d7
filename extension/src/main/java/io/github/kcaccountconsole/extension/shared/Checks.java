package io.github.kcaccountconsole.extension.shared;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.keycloak.common.Profile;
import org.keycloak.models.ClientModel;
import org.keycloak.models.Constants;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;

/**
 * The checks before an endpoint does anything, in Keycloak's order for its account pages, each throwing the answer
 * that refuses (as {@code AccountRestService.checkAccountApiEnabled()} and {@code auth.require(…)} do): the realm has
 * account management on, the feature is on, and the token's caller may use it ({@link Access#decide}).
 */
public final class Checks {

    private final KeycloakSession session;

    public Checks(KeycloakSession session) {
        this.session = session;
    }

    /** The caller of a feature that is always on, once every check has passed. */
    public BearerCheck.Result require(Access.Need need) {
        return require(true, need);
    }

    /** The caller, once every check has passed; a feature the server's admin turned off is answered as unknown. */
    public BearerCheck.Result require(boolean featureOn, Access.Need need) {
        accountManagementOn();
        if (!featureOn) {
            throw Answers.error(Response.Status.NOT_FOUND, "not_found", "This feature is turned off on this server.");
        }
        BearerCheck.Result caller = BearerCheck.check(session);
        switch (Access.decide(caller.caller(), need)) {
            case ALLOWED:
                return caller;
            case FORBIDDEN:
                throw forbidden();
            default:
                throw Answers.refusal(Response.status(Response.Status.UNAUTHORIZED)
                        .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"" + realm().getName() + "\"")
                        .header(HttpHeaders.CACHE_CONTROL, "no-store")
                        .type(MediaType.APPLICATION_JSON_TYPE)
                        .entity(Answers.write(new Answers.ErrorBody("unauthorized",
                                "A valid bearer token of this realm is required.")))
                        .build());
        }
    }

    /** The caller, once every check has passed, if their token names the client it was issued to. */
    public BearerCheck.Result requireClient(boolean featureOn, Access.Need need) {
        BearerCheck.Result caller = require(featureOn, need);
        if (caller.client() == null) {
            throw forbidden();
        }
        return caller;
    }

    private static WebApplicationException forbidden() {
        return Answers.error(Response.Status.FORBIDDEN, "forbidden", "This token may not use this endpoint.");
    }

    /**
     * Keycloak's answer where the realm switched account management off (its {@code account} client is missing or
     * disabled): {@code /realms/{realm}/account/} and the Account API answer 404 then, before any token is looked at,
     * and so does every endpoint here. An admin who turns account management off expects users to be unable to change
     * their second factor or read their activity through the console. A server started with the Account API feature
     * off answers 404 on the Account API ({@code checkAccountApiEnabled()}); the extension's endpoints belong with it.
     */
    public void accountManagementOn() {
        if (accountApiOff()) {
            throw Answers.error(Response.Status.NOT_FOUND, "not_found", "The Account API is off on this server.");
        }
        ClientModel account = realm().getClientByClientId(Constants.ACCOUNT_MANAGEMENT_CLIENT_ID);
        if (account == null || !account.isEnabled()) {
            throw Answers.error(Response.Status.NOT_FOUND, "not_found",
                    "Account management is not enabled in this realm.");
        }
    }

    /** Whether this server was started with the Account API feature off (and so account-v3, which needs it). */
    static boolean accountApiOff() {
        return !Profile.isFeatureEnabled(Profile.Feature.ACCOUNT_API);
    }

    private RealmModel realm() {
        return session.getContext().getRealm();
    }
}
