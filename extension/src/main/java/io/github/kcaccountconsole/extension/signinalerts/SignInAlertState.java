package io.github.kcaccountconsole.extension.signinalerts;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

import org.keycloak.models.KeycloakSession;
import org.keycloak.models.UserModel;

import io.github.kcaccountconsole.extension.shared.UserStateWrites;

/**
 * What sign-in alerts remember about one user: a random salt, the user's choice (null: never chosen, so on) and the
 * hashes of the last {@link KnownDevices#LIMIT} devices, in the user's row of the kind {@code sign-in-alerts}
 * ({@link UserStateWrites.Kind}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SignInAlertState(
        @JsonProperty("salt") String salt,
        @JsonProperty("alerts") Boolean alerts,
        @JsonProperty("devices") List<KnownDevices.Device> devices) {

    private static final SecureRandom RANDOM = new SecureRandom();

    public SignInAlertState {
        devices = devices == null ? List.of() : List.copyOf(devices);
    }

    public static SignInAlertState fresh() {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return new SignInAlertState(Base64.getEncoder().encodeToString(salt), null, List.of());
    }

    /** The user wants the mails unless they turned them off. */
    boolean alertsOn() {
        return alerts == null || alerts;
    }

    public SignInAlertState withDevices(List<KnownDevices.Device> newDevices) {
        return new SignInAlertState(salt, alerts, newDevices);
    }

    public SignInAlertState withAlerts(boolean on) {
        return new SignInAlertState(salt, on, devices);
    }

    /** Where the state is kept, and how it is read and written ({@link UserStateWrites}). */
    public static final UserStateWrites.Kind<SignInAlertState> KIND = new UserStateWrites.Kind<>("sign-in-alerts",
            SignInAlertState.class, SignInAlertState::fresh, state -> state.salt() != null && !state.salt().isBlank());

    static UserStateWrites.Stored<SignInAlertState> read(KeycloakSession session, UserModel user) {
        return KIND.read(session, user);
    }
}
