package io.github.kcaccountconsole.extension.apppasswords;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

import org.keycloak.credential.CredentialModel;
import org.keycloak.events.Details;
import org.keycloak.events.EventType;
import org.keycloak.common.util.Time;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.ModelDuplicateException;
import org.keycloak.models.PasswordPolicy;
import org.keycloak.models.RealmModel;
import org.keycloak.models.RequiredActionConfigModel;
import org.keycloak.models.RequiredActionProviderModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.services.managers.AuthenticationManager;
import org.keycloak.utils.RequiredActionHelper;
import org.keycloak.util.JsonSerialization;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.BearerCheck;
import io.github.kcaccountconsole.extension.shared.Checks;
import io.github.kcaccountconsole.extension.shared.UserRowLock;

/**
 * {@code /realms/{realm}/account-console-extension/app-passwords}: the token's user's own app passwords (list, create,
 * revoke). No user in the address or the body; the bearer check refuses a token of another realm.
 */
@Produces(MediaType.APPLICATION_JSON)
public class AppPasswordsResource extends AccountResource {

    /** The key of a required action's maximum authentication age in its configuration. */
    static final String MAX_AUTH_AGE_KEY = "max_auth_age";

    private final int limit;

    public AppPasswordsResource(KeycloakSession session, Checks checks, int limit) {
        super(session, checks);
        this.limit = limit;
    }

    @JsonPropertyOrder({"id", "name", "created", "expires", "lastUsed"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Row(String id, String name, long created, Long expires, Long lastUsed) {

        static Row of(AppPasswordStore.Listed listed) {
            return new Row(listed.id(), listed.name(), listed.created(), listed.expires(), listed.lastUsed());
        }
    }

    @JsonPropertyOrder({"limit", "appPasswords"})
    public record Page(int limit, List<Row> appPasswords) {
    }

    /** The answer to a create: the only time the secret leaves the server. */
    @JsonPropertyOrder({"id", "name", "created", "expires", "lastUsed", "password"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Created(String id, String name, long created, Long expires, Long lastUsed, String password) {
    }

    /** The request of a create, read from the body; null fields where the body had none. */
    record NewAppPassword(String name, Long expires) {
    }

    @GET
    public Response list() {
        UserModel user = checks.require(Access.Need.READ).user();
        List<Row> rows = AppPasswordStore.list(user).stream().map(Row::of).toList();
        return Answers.json(Response.Status.OK, new Page(limit, rows));
    }

    @POST
    public Response create(InputStream input) throws IOException {
        BearerCheck.Result caller = checks.require(Access.Need.WRITE);
        RealmModel realm = session.getContext().getRealm();
        // A limit the server could not read turns creating off; the user still sees and revokes what they have.
        if (limit <= 0 || !AppPasswordsOffered.offered(realm)) {
            throw Answers.error(Response.Status.NOT_FOUND, "not_offered",
                    "This realm offers no app passwords.");
        }
        // Before the body is read: a stale sign-in learns nothing about the user's app passwords.
        if (signInTooOld(realm, caller)) {
            throw refusal(AppPasswords.REAUTHENTICATION_REQUIRED);
        }
        NewAppPassword asked = read(Answers.body(input));
        if (asked == null) {
            throw Answers.error(Response.Status.BAD_REQUEST, "invalid_body",
                    "The body must be {\"name\": \"…\", \"expires\": <epoch milliseconds> or null}.");
        }
        long now = System.currentTimeMillis();
        AppPasswords.Refusal refusal = AppPasswords.checkNameAlone(asked.name());
        if (refusal == null) {
            refusal = AppPasswords.checkExpiry(asked.expires(), now);
        }
        if (refusal == null) {
            // A first look at what the user holds, so that a plain refusal costs no hash.
            refusal = checkAgainst(AppPasswordStore.credentials(caller.user()), asked.name());
        }
        if (refusal != null) {
            throw refusal(refusal);
        }
        String secret = AppPasswords.generate();
        PasswordPolicy policy = realm.getPasswordPolicy();
        CredentialModel credential = AppPasswordStore.newCredential(AppPasswordStore.hashProvider(session, policy),
                policy, secret, AppPasswords.cleanName(asked.name()), asked.expires(), now);
        // From here to the commit, one create per user at a time: the limit and the names see every create before.
        UserModel user = UserRowLock.lock(session, realm, caller.user());
        refusal = checkAgainst(AppPasswordStore.credentials(user), asked.name());
        if (refusal != null) {
            throw refusal(refusal);
        }
        CredentialModel stored;
        try {
            stored = user.credentialManager().createStoredCredential(credential);
        } catch (ModelDuplicateException sameLabel) {
            // Keycloak's own check of a user's labels per type: the same name, seen by Keycloak first.
            throw refusal(AppPasswords.NAME_TAKEN);
        }
        record(caller, EventType.UPDATE_CREDENTIAL, stored);
        log.debugf("User %s created app password %s", user.getId(), stored.getId());
        return Answers.json(Response.Status.CREATED, new Created(stored.getId(), stored.getUserLabel(), now, asked.expires(),
                null, secret));
    }

    /** The refusals that depend on the user's other app passwords: the name taken, the limit reached. */
    private AppPasswords.Refusal checkAgainst(List<CredentialModel> existing, String name) {
        AppPasswords.Refusal refusal = AppPasswords.checkName(name,
                existing.stream().map(CredentialModel::getUserLabel).toList());
        return refusal != null ? refusal : AppPasswords.checkLimit(existing.size(), limit);
    }

    /**
     * Whether the caller's sign-in is older than Keycloak allows for changing a credential. The time is the user
     * session's authentication time (Keycloak's {@link AuthenticationManager#AUTH_TIME} note), which Keycloak itself
     * compares for an application-initiated action and renews at each re-authentication; a refreshed token carries
     * the same time, a session without one counts as signed in long ago.
     */
    private boolean signInTooOld(RealmModel realm, BearerCheck.Result caller) {
        UserSessionModel userSession = caller.userSession();
        String noted = userSession == null ? null : userSession.getNote(AuthenticationManager.AUTH_TIME);
        Integer authTime;
        try {
            authTime = noted == null ? null : Integer.valueOf(noted);
        } catch (NumberFormatException unreadable) {
            authTime = null;
        }
        return AppPasswords.signInTooOld(authTime, maxAuthAge(realm), Time.currentTime());
    }

    /**
     * The realm's maximum authentication age for credential changes, as Keycloak's UPDATE_PASSWORD action reads it
     * (its password policy, then the action's {@code max_auth_age}, then Keycloak's default). Keycloak reads the
     * action's configuration only while that action runs; here the realm's configuration of it is read directly
     * (present from Keycloak 26.0 on; the key's constant, {@code Constants.MAX_AUTH_AGE_KEY}, only later, hence the
     * literal).
     */
    static int maxAuthAge(RealmModel realm) {
        String configured = null;
        RequiredActionProviderModel action = RequiredActionHelper.getRequiredActionByProviderId(realm,
                UserModel.RequiredAction.UPDATE_PASSWORD.name());
        if (action != null) {
            RequiredActionConfigModel config = realm.getRequiredActionConfigByAlias(action.getAlias());
            configured = config == null ? null : config.getConfigValue(MAX_AUTH_AGE_KEY);
        }
        PasswordPolicy policy = realm.getPasswordPolicy();
        return AppPasswords.maxAuthAge(policy == null ? -1 : policy.getMaxAuthAge(), configured);
    }

    private static WebApplicationException refusal(AppPasswords.Refusal refusal) {
        return Answers.error(Response.Status.fromStatusCode(refusal.status()), refusal.code(),
                refusal.description());
    }

    @DELETE
    @Path("{id}")
    public Response revoke(@PathParam("id") String id) {
        BearerCheck.Result caller = checks.require(Access.Need.WRITE);
        UserModel user = caller.user();
        // Looked up among the caller's own: another user's id is unknown here.
        CredentialModel credential = AppPasswordStore.credentials(user).stream()
                .filter(candidate -> candidate.getId().equals(id))
                .findFirst().orElse(null);
        if (credential == null || !user.credentialManager().removeStoredCredentialById(credential.getId())) {
            throw Answers.error(Response.Status.NOT_FOUND, "app_password_not_found",
                    "You have no app password with this id.");
        }
        record(caller, EventType.REMOVE_CREDENTIAL, credential);
        log.debugf("User %s revoked app password %s", user.getId(), credential.getId());
        return Answers.noContent();
    }

    /** As Keycloak records a credential added or removed through the account console: type, id and label. */
    private void record(BearerCheck.Result caller, EventType type, CredentialModel credential) {
        caller.eventInSession(session)
                .event(type)
                .detail(Details.CREDENTIAL_TYPE, credential.getType())
                .detail(Details.CREDENTIAL_ID, credential.getId())
                .detail(Details.CREDENTIAL_USER_LABEL, credential.getUserLabel())
                .success();
    }

    /** The name and expiry of {"name": "…", "expires": 123 | null}, or null for any other body. */
    static NewAppPassword read(byte[] raw) {
        try {
            JsonNode node = JsonSerialization.readValue(raw, JsonNode.class);
            if (node == null || !node.isObject() || !node.path("name").isTextual()) {
                return null;
            }
            var names = node.fieldNames();
            while (names.hasNext()) {
                String field = names.next();
                if (!field.equals("name") && !field.equals("expires")) {
                    return null;
                }
            }
            JsonNode expires = node.path("expires");
            if (expires.isMissingNode() || expires.isNull()) {
                return new NewAppPassword(node.get("name").textValue(), null);
            }
            if (!expires.isIntegralNumber() || !expires.canConvertToLong()) {
                return null;
            }
            return new NewAppPassword(node.get("name").textValue(), expires.longValue());
        } catch (IOException | RuntimeException notJson) {
            return null;
        }
    }
}
