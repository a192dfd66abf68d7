package io.github.kcaccountconsole.extension.lastused;

import java.util.List;
import java.util.function.Function;

import org.keycloak.credential.CredentialModel;

/** Which of the user's credentials a sign-in's event names, for a used credential type (pure). */
final class LastUsedCredentials {

    static final String OTP = "otp";
    static final List<String> WEBAUTHN = List.of("webauthn", "webauthn-passwordless");

    private LastUsedCredentials() {
    }

    /**
     * The id of the user's credential of {@code type} that the event names, or {@code null} when it names none of
     * them: an OTP credential by Keycloak's id ({@code selected_credential_id}), a security key or passkey by its
     * public key credential id ({@code public_key_credential_id}).
     */
    static String named(List<CredentialModel> credentials, String type, String selectedCredentialId,
            String publicKeyCredentialId, Function<CredentialModel, String> publicKeyIdOf) {
        for (CredentialModel credential : credentials) {
            if (!type.equals(credential.getType())) {
                continue;
            }
            if (OTP.equals(type) && selectedCredentialId != null && selectedCredentialId.equals(credential.getId())) {
                return credential.getId();
            }
            if (WEBAUTHN.contains(type) && publicKeyCredentialId != null
                    && publicKeyCredentialId.equals(publicKeyIdOf.apply(credential))) {
                return credential.getId();
            }
        }
        return null;
    }
}
