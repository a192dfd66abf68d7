package io.github.kcaccountconsole.extension.sessions;

import java.util.List;

import org.keycloak.models.Constants;

/**
 * Which application's sessions the caller asks to end: the one {@code clientId} of the query, checked before anything
 * is looked up. A refusal says why in a sentence ({@link Refused}); nothing is changed for it.
 */
public final class ApplicationSessionRequest {

    /** The longest client id Keycloak stores (its {@code CLIENT.CLIENT_ID} column holds 255 characters). */
    public static final int MAX_CLIENT_ID_LENGTH = 255;

    private ApplicationSessionRequest() {
    }

    /** The outcome of reading the query. */
    public sealed interface Outcome permits Accepted, Refused {
    }

    /** A client id to look up in the token's realm. */
    public record Accepted(String clientId) implements Outcome {
    }

    /**
     * A request that is refused as it stands.
     *
     * @param code        the error code of the answer ({@code invalid_parameter} or {@code not_allowed})
     * @param description the sentence a user reads
     */
    public record Refused(String code, String description) implements Outcome {
    }

    /**
     * Reads the values of {@code clientId} in the query: exactly one, not blank, at most 255 characters, and not the
     * account console itself (its session is the one the caller is using; signing out ends it).
     */
    public static Outcome read(List<String> values) {
        if (values == null || values.isEmpty() || values.get(0) == null || values.get(0).isBlank()) {
            return new Refused("invalid_parameter", "The parameter 'clientId' names the application and is required.");
        }
        if (values.size() > 1) {
            return new Refused("invalid_parameter", "The parameter 'clientId' must be given once.");
        }
        String clientId = values.get(0);
        if (clientId.length() > MAX_CLIENT_ID_LENGTH) {
            return new Refused("invalid_parameter",
                    "The parameter 'clientId' is longer than " + MAX_CLIENT_ID_LENGTH + " characters.");
        }
        if (Constants.ACCOUNT_CONSOLE_CLIENT_ID.equals(clientId)) {
            return new Refused("not_allowed",
                    "The account console's own session is not ended here; signing out ends it.");
        }
        return new Accepted(clientId);
    }
}
