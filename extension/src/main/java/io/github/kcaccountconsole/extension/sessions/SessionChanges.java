package io.github.kcaccountconsole.extension.sessions;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;
import org.keycloak.events.Details;
import org.keycloak.events.EventType;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionTaskWithResult;

import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.BearerCheck;
import io.github.kcaccountconsole.extension.shared.RetriedTransaction;

/** What the endpoints that end sessions share: a change retried while sessions change, a revoked grant's event. */
final class SessionChanges {

    private static final Logger LOG = Logger.getLogger(SessionChanges.class);
    /** The error code when the user's sessions kept changing under every try of a change to them. */
    static final String STILL_CHANGING = "sessions_changed";

    private SessionChanges() {
    }

    /**
     * Runs a change to the sessions of the user {@code userId} in a transaction of its own, tried again while they
     * change ({@link RetriedTransaction#run}).
     *
     * @throws WebApplicationException the answer {@link #stillChanging} when they kept changing under every try
     */
    static <T> T run(KeycloakSession session, String userId, KeycloakSessionTaskWithResult<T> change) {
        try {
            return RetriedTransaction.run(session, change);
        } catch (RetriedTransaction.StillChanging changing) {
            throw stillChanging(changing, userId);
        }
    }

    /**
     * The answer when the user's sessions kept changing under every try (applications refreshing their tokens at that
     * very moment): each try was rolled back, so nothing ended, and trying again a moment later will do.
     */
    private static WebApplicationException stillChanging(RetriedTransaction.StillChanging changing, String userId) {
        LOG.warnf(changing, "The sessions of user %s kept changing while being ended; nothing was ended", userId);
        return Answers.error(Response.Status.CONFLICT, STILL_CHANGING,
                "Your sessions changed while this was being done, so nothing was changed. Try again.");
    }

    /**
     * Records the end of an application's offline access as Keycloak's Account API records a revoked grant: a user
     * event {@code REVOKE_GRANT} of the user and the console, with the application's client id in
     * {@code revoked_client}.
     */
    static void recordRevokedGrant(KeycloakSession session, BearerCheck.Result caller, String revokedClientId) {
        caller.event(session)
                .event(EventType.REVOKE_GRANT)
                .detail(Details.REVOKED_CLIENT, revokedClientId)
                .success();
    }
}
