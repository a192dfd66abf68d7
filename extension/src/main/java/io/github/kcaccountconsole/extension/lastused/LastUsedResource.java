package io.github.kcaccountconsole.extension.lastused;

import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.keycloak.credential.CredentialModel;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.UserModel;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.Checks;

/**
 * {@code credentials/last-used}: when each of the caller's sign-in methods was last used, as far as the extension
 * recorded it: rows of credentials the user still has, and of types the user still has a credential of.
 */
@Produces(MediaType.APPLICATION_JSON)
public class LastUsedResource extends AccountResource {

    public LastUsedResource(KeycloakSession session, Checks checks) {
        super(session, checks);
    }

    /** One recorded use: the credential when Keycloak named it (else null: only the type is known), and when. */
    @JsonPropertyOrder({"credentialId", "type", "time"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record LastUse(String credentialId, String type, long time) {
    }

    /** The answer of the last-used endpoint. */
    public record LastUses(List<LastUse> lastUsed) {
    }

    @GET
    public Response list() {
        UserModel user = checks.require(Access.Need.READ).user();
        List<CredentialModel> credentials = user.credentialManager().getStoredCredentialsStream().toList();
        List<LastUse> rows = LastUsed.KIND.read(session, user).state().uses().stream()
                .filter(use -> credentials.stream().anyMatch(credential -> use.type().equals(credential.getType())
                        && (use.credentialId() == null || use.credentialId().equals(credential.getId()))))
                .map(use -> new LastUse(use.credentialId(), use.type(), use.time()))
                .toList();
        return Answers.json(Response.Status.OK, new LastUses(rows));
    }
}
