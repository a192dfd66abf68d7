package io.github.kcaccountconsole.extension.organizations;

import java.util.List;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.keycloak.common.Profile;
import org.keycloak.events.admin.OperationType;
import org.keycloak.events.admin.ResourceType;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.OrganizationModel;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.ModelToRepresentation;
import org.keycloak.organization.OrganizationProvider;
import org.keycloak.services.resources.admin.AdminAuth;
import org.keycloak.services.resources.admin.AdminEventBuilder;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.BearerCheck;
import io.github.kcaccountconsole.extension.shared.Checks;
import io.github.kcaccountconsole.extension.shared.UserRowLock;

/**
 * {@code /realms/{realm}/account-console-extension/organizations}: the token's user's own organization memberships, and
 * leaving one. There is no user in the address: every answer is about the token's user, in the URL's realm (the bearer
 * check refuses a token of another realm, and Keycloak's organization provider is bound to the URL's realm).
 */
@Produces(MediaType.APPLICATION_JSON)
public class OrganizationMembershipsResource extends AccountResource {

    static final String MANAGED_MEMBER = "managed_member";
    static final String NOT_A_MEMBER = "organization_not_found";

    /** One of the caller's memberships: the organization's id and whether Keycloak manages it. */
    @JsonPropertyOrder({"id", "managed"})
    public record Membership(String id, boolean managed) {
    }

    /** The answer of the list. */
    public record Memberships(List<Membership> organizations) {
    }

    public OrganizationMembershipsResource(KeycloakSession session, Checks checks) {
        super(session, checks);
    }

    /** Which of the caller's memberships are managed: the console offers "Leave" only for the others. */
    @GET
    public Response list() {
        UserModel user = checks.require(offered(), Access.Need.READ).user();
        OrganizationProvider organizations = session.getProvider(OrganizationProvider.class);
        List<Membership> rows = organizations.getByMember(user)
                .map(organization -> new Membership(organization.getId(),
                        organizations.isManagedMember(organization, user)))
                .toList();
        return Answers.json(Response.Status.OK, new Memberships(rows));
    }

    /**
     * Ends the caller's own membership of one organization through Keycloak's {@link OrganizationProvider#removeMember}
     * (the user leaves the organization and, from 26.1 on, its groups; their account, links and credentials stay). A
     * managed member is refused before that call, which would delete their account.
     */
    @DELETE
    @Path("{id}")
    public Response leave(@PathParam("id") String id) {
        // The admin event names the caller's client as its author: without one, nothing is changed.
        BearerCheck.Result caller = checks.requireClient(offered(), Access.Need.WRITE);
        OrganizationProvider organizations = session.getProvider(OrganizationProvider.class);
        RealmModel realm = session.getContext().getRealm();
        // The user's row locked until the transaction ends: two leaves of one user run one after the other, the later
        // one seeing the earlier one's removal, and the checks below read the user past the cache.
        UserModel user = UserRowLock.lock(session, realm, caller.user());
        OrganizationModel organization = Leaving.plausibleId(id) ? ownMembership(organizations, user, id) : null;
        boolean member = organization != null;
        boolean managed = member && organizations.isManagedMember(organization, user);
        switch (Leaving.decide(organization != null, member, managed)) {
            case MANAGED:
                throw managedMember();
            case NOT_A_MEMBER:
                // An unknown organization and one the caller is not in are answered alike: nothing is told about it.
                throw notAMember();
            default:
                break;
        }
        if (!organizations.removeMember(organization, user)) {
            throw notAMember();
        }
        // removeMember re-reads the membership and deletes a managed member's account: undone if that happened.
        if (Leaving.afterRemoval(session.users().getUserById(realm, user.getId()) != null) == Leaving.Outcome.MANAGED) {
            session.getTransactionManager().setRollbackOnly();
            throw managedMember();
        }
        recordLeave(caller, organization);
        log.debugf("User %s left organization %s", user.getId(), organization.getId());
        return Answers.noContent();
    }

    /**
     * As Keycloak's Account API: 404 when the server's organization feature is off. Also when the realm's own switch is
     * off, as Keycloak's admin API answers then: the console hides organizations, and nothing should change them.
     */
    private boolean offered() {
        if (!Profile.isFeatureEnabled(Profile.Feature.ORGANIZATION)) {
            return false;
        }
        OrganizationProvider organizations = session.getProvider(OrganizationProvider.class);
        return organizations != null && organizations.isEnabled();
    }

    /** The caller's own organization of that id; null for any other id, whatever organization it names. */
    private static OrganizationModel ownMembership(OrganizationProvider organizations, UserModel user, String id) {
        return organizations.getByMember(user).filter(organization -> organization.getId().equals(id)).findFirst()
                .orElse(null);
    }

    /**
     * Recorded as the admin event Keycloak writes when an admin removes a member ({@code DELETE} of
     * {@code ORGANIZATION_MEMBERSHIP}, the organization as its representation, the member's username and email as
     * details, at the admin API's path of the membership), with the user and the console as its author. No user
     * {@link org.keycloak.events.EventType} means leaving an organization; an admin event is where admins already look
     * for membership changes. The realm's admin event settings decide whether it is stored; its listeners hear it.
     */
    private void recordLeave(BearerCheck.Result caller, OrganizationModel organization) {
        RealmModel realm = session.getContext().getRealm();
        // AdminEventBuilder reads the realm, client and user of the author; the token is not needed for the record.
        AdminAuth author = new AdminAuth(realm, null, caller.user(), caller.client());
        new AdminEventBuilder(realm, author, session, session.getContext().getConnection())
                .operation(OperationType.DELETE)
                .resource(ResourceType.ORGANIZATION_MEMBERSHIP)
                .representation(ModelToRepresentation.toRepresentation(organization))
                .resourcePath("organizations", organization.getId(), "members", caller.user().getId())
                .detail("username", caller.user().getUsername())
                .detail("email", caller.user().getEmail())
                .success();
    }

    private static WebApplicationException managedMember() {
        return Answers.error(Response.Status.CONFLICT, MANAGED_MEMBER, "Your account came with this organization through "
                + "its identity provider, so only the organization's administrator can end the membership.");
    }

    private static WebApplicationException notAMember() {
        return Answers.error(Response.Status.NOT_FOUND, NOT_A_MEMBER, "You are not a member of such an organization.");
    }
}
