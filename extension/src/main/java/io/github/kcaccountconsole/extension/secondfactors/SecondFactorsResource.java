package io.github.kcaccountconsole.extension.secondfactors;

import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.keycloak.credential.CredentialModel;
import org.keycloak.events.Details;
import org.keycloak.events.EventBuilder;
import org.keycloak.events.EventType;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.UserModel;

import io.github.kcaccountconsole.extension.activity.ActivityEvents;
import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.BearerCheck;
import io.github.kcaccountconsole.extension.shared.Checks;

/**
 * {@code credentials}: the caller's second-factor credentials, all kinds together, in the order Keycloak offers them
 * at sign-in (the first is the default), and the change of the default. The Account API lists each kind's credentials
 * by priority, but not how the kinds rank against each other.
 */
@Produces(MediaType.APPLICATION_JSON)
public class SecondFactorsResource extends AccountResource {

    private final boolean offered;

    public SecondFactorsResource(KeycloakSession session, Checks checks, boolean offered) {
        super(session, checks);
        this.offered = offered;
    }

    /** One of the user's second factors in the order Keycloak offers them: id and credential type. */
    @JsonPropertyOrder({"id", "type"})
    public record SecondFactor(String id, String type) {
    }

    /** The answer of the order endpoint. */
    public record SecondFactorOrder(List<SecondFactor> secondFactors) {
    }

    @GET
    @Path("second-factors")
    public Response order() {
        UserModel user = checks.require(offered, Access.Need.READ).user();
        List<SecondFactor> order = CredentialOrder.of(session, user)
                .secondFactors(stored(user.credentialManager().getStoredCredentialsStream().toList())).stream()
                .map(credential -> new SecondFactor(credential.id(), credential.type()))
                .toList();
        return Answers.json(Response.Status.OK, new SecondFactorOrder(order));
    }

    /** Makes one of the caller's second-factor credentials the one Keycloak offers first. */
    @POST
    @Path("{credentialId}/default")
    public Response makeDefault(@PathParam("credentialId") String credentialId) {
        BearerCheck.Result caller = checks.require(offered, Access.Need.WRITE);
        UserModel user = caller.user();
        List<CredentialModel> stored = user.credentialManager().getStoredCredentialsStream().toList();
        CredentialOrder.Plan plan = CredentialOrder.of(session, user).plan(stored(stored), credentialId);
        if (plan instanceof CredentialOrder.NotFound) {
            throw Answers.error(Response.Status.NOT_FOUND, "credential_not_found", "The user has no such credential.");
        }
        if (plan instanceof CredentialOrder.NotSecondFactor) {
            throw Answers.error(Response.Status.BAD_REQUEST, "not_second_factor",
                    "Only a second-factor credential can be made the default.");
        }
        if (plan instanceof CredentialOrder.MoveAfter move) {
            if (!user.credentialManager().moveStoredCredentialTo(credentialId, move.previousId())) {
                throw Answers.error(Response.Status.CONFLICT, "order_not_changed",
                        "The order of the credentials could not be changed; reload them and try again.");
            }
            CredentialModel moved = stored.stream().filter(c -> c.getId().equals(credentialId)).findFirst()
                    .orElseThrow();
            recordDefaultChange(caller, moved);
            log.debugf("User %s made credential %s their default second factor", user.getId(), credentialId);
        }
        return Answers.noContent();
    }

    private static List<CredentialOrder.Stored> stored(List<CredentialModel> credentials) {
        return credentials.stream()
                .map(credential -> new CredentialOrder.Stored(credential.getId(), credential.getType()))
                .toList();
    }

    /**
     * Records the change as Keycloak records its own credential changes: a user event {@code UPDATE_CREDENTIAL} of the
     * caller, their session and the console, with the credential's type, id and label. The realm's event settings
     * decide, as for every event, whether it is stored (then admins see it, and the user's Account activity lists it)
     * and which listeners hear it.
     */
    private void recordDefaultChange(BearerCheck.Result caller, CredentialModel credential) {
        EventBuilder event = caller.eventInSession(session)
                .event(EventType.UPDATE_CREDENTIAL)
                .detail(Details.CREDENTIAL_TYPE, credential.getType())
                .detail(Details.CREDENTIAL_ID, credential.getId())
                .detail(ActivityEvents.CHANGE_DETAIL, ActivityEvents.DEFAULT_SECOND_FACTOR_CHANGE);
        if (credential.getUserLabel() != null) {
            event.detail(Details.CREDENTIAL_USER_LABEL, credential.getUserLabel());
        }
        event.success();
    }
}
