package io.github.kcaccountconsole.extension.sessions;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.keycloak.models.KeycloakSession;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.BearerCheck;
import io.github.kcaccountconsole.extension.shared.Checks;

/** {@code lock-down}: the caller's "Lock it down". */
@Produces(MediaType.APPLICATION_JSON)
public class LockDownResource extends AccountResource {

    public LockDownResource(KeycloakSession session, Checks checks) {
        super(session, checks);
    }

    /**
     * "Lock it down" ({@link LockDown}): ends every other session of the caller, online and offline, on every device,
     * keeps the console's own, and requires a new password. Each session ended is a {@code LOGOUT} event with
     * {@code reason=lock_down}; the password requirement an {@code EXECUTE_ACTIONS} event with the same reason.
     */
    @POST
    public Response lockDown() {
        BearerCheck.Result caller = checks.require(Access.Need.WRITE);
        LockDown.Outcome outcome = LockDown.run(session, caller);
        log.debugf("User %s locked their account down: %d session(s) and %d offline session(s) ended",
                caller.user().getId(), outcome.sessionsEnded(), outcome.offlineSessionsEnded());
        return Answers.json(Response.Status.OK, outcome);
    }
}
