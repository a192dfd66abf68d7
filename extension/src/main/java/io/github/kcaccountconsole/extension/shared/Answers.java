package io.github.kcaccountconsole.extension.shared;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.keycloak.util.JsonSerialization;

/**
 * The extension's answers: JSON bodies, empty successes and errors, all {@code Cache-Control: no-store} (they are one
 * user's data). Keycloak marks its account answers {@code @NoCache}; here the header is set on the answer instead,
 * since RESTEasy Reactive's {@code @NoCache} would replace {@code no-store} with the weaker {@code no-cache}.
 */
public final class Answers {

    /** A body is a small JSON object; anything longer than this is refused unread. */
    public static final int MAX_BODY_BYTES = 1024;

    private Answers() {
    }

    /** Every error of the extension's own: a code for programs and a sentence for people. */
    @JsonPropertyOrder({"error", "errorDescription"})
    public record ErrorBody(String error, String errorDescription) {

        public ErrorBody {
            Objects.requireNonNull(error);
        }
    }

    public static Response json(Response.Status status, Object body) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .entity(write(body))
                .build();
    }

    public static Response noContent() {
        return Response.noContent().header(HttpHeaders.CACHE_CONTROL, "no-store").build();
    }

    /**
     * An error to throw, as Keycloak's resources throw {@code ErrorResponse.error(…)}: JAX-RS sends a thrown
     * exception's own answer when it has a body, past every exception mapper, so the client gets exactly this.
     */
    public static WebApplicationException error(Response.Status status, String code, String description) {
        return refusal(json(status, new ErrorBody(code, description)));
    }

    /** An answer built elsewhere (the bearer challenge), thrown as {@link #error} throws its own. */
    public static WebApplicationException refusal(Response answer) {
        return new WebApplicationException(answer);
    }

    /** A request's body of at most {@link #MAX_BODY_BYTES}; a longer one is refused with 413 before it is parsed. */
    public static byte[] body(InputStream input) throws IOException {
        byte[] raw = input == null ? new byte[0] : input.readNBytes(MAX_BODY_BYTES + 1);
        if (raw.length > MAX_BODY_BYTES) {
            throw error(Response.Status.REQUEST_ENTITY_TOO_LARGE, "too_large",
                    "The body may have at most " + MAX_BODY_BYTES + " bytes.");
        }
        return raw;
    }

    /** The body as Keycloak writes JSON ({@link JsonSerialization}); the extension's types keep their nulls. */
    public static byte[] write(Object body) {
        try {
            return JsonSerialization.writeValueAsBytes(body);
        } catch (IOException unwritable) {
            throw new UncheckedIOException(unwritable);
        }
    }
}
