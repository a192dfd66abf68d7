package io.github.kcaccountconsole.extension;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

import org.keycloak.credential.CredentialModel;
import org.keycloak.models.UserModel;
import org.keycloak.util.JsonSerialization;

/**
 * What sign-in alerts remember about one user: a random salt, the user's choice (null: never chosen, so on) and the
 * hashes of the last {@link KnownDevices#LIMIT} devices. It is kept as a credential of its own type in the secret data
 * of the credential, which Keycloak never returns through an API: the Account API lists only the credential types
 * that have a credential provider (this one has none), the user profile never sees credentials, and the Admin API
 * lists the credential's type and date but not its secret data.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record SignInAlertState(
        @JsonProperty("salt") String salt,
        @JsonProperty("alerts") Boolean alerts,
        @JsonProperty("devices") List<KnownDevices.Device> devices) {

    static final String CREDENTIAL_TYPE = "account-console-sign-in-alerts";

    private static final SecureRandom RANDOM = new SecureRandom();

    SignInAlertState {
        devices = devices == null ? List.of() : List.copyOf(devices);
    }

    static SignInAlertState fresh() {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return new SignInAlertState(Base64.getEncoder().encodeToString(salt), null, List.of());
    }

    /** The user wants the mails unless they turned them off. */
    boolean alertsOn() {
        return alerts == null || alerts;
    }

    SignInAlertState withDevices(List<KnownDevices.Device> newDevices) {
        return new SignInAlertState(salt, alerts, newDevices);
    }

    SignInAlertState withAlerts(boolean on) {
        return new SignInAlertState(salt, on, devices);
    }

    /** The user's state and the credential that holds it (null before the first write). */
    record Stored(SignInAlertState state, CredentialModel credential) {
    }

    static Stored read(UserModel user) {
        CredentialModel credential = user.credentialManager().getStoredCredentialsByTypeStream(CREDENTIAL_TYPE)
                .findFirst().orElse(null);
        if (credential == null) {
            return new Stored(fresh(), null);
        }
        try {
            SignInAlertState state = JsonSerialization.readValue(credential.getSecretData(), SignInAlertState.class);
            if (state == null || state.salt() == null || state.salt().isBlank()) {
                return new Stored(fresh(), credential);
            }
            return new Stored(state, credential);
        } catch (IOException | RuntimeException unreadable) {
            // Starting over costs the remembered devices (the next sign-in counts as the first), nothing else.
            return new Stored(fresh(), credential);
        }
    }

    static void write(UserModel user, Stored stored, SignInAlertState state) {
        String secret;
        try {
            secret = JsonSerialization.writeValueAsString(state);
        } catch (IOException impossible) {
            throw new IllegalStateException("The sign-in alert state could not be written", impossible);
        }
        if (stored.credential() == null) {
            CredentialModel credential = new CredentialModel();
            credential.setType(CREDENTIAL_TYPE);
            credential.setCreatedDate(System.currentTimeMillis());
            credential.setCredentialData("{}");
            credential.setSecretData(secret);
            user.credentialManager().createStoredCredential(credential);
        } else {
            stored.credential().setSecretData(secret);
            user.credentialManager().updateStoredCredential(stored.credential());
        }
    }
}
