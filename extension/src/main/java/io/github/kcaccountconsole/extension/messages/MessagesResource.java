package io.github.kcaccountconsole.extension.messages;

import java.io.IOException;
import java.util.Locale;
import java.util.Properties;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;

import org.keycloak.models.KeycloakSession;
import org.keycloak.theme.Theme;

import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.Checks;

/**
 * {@code messages/{locale}}: the realm's account texts in one language: what Keycloak's
 * {@code /resources/{realm}/account/{locale}} lists (the realm's account theme's bundles with the realm's overrides),
 * as one object, gzipped, revalidated by ETag. Like Keycloak's list it needs no token: the texts are the realm's, not
 * the user's, and the console reads them before sign-in has finished. It falls back to Keycloak's list when this
 * answers anything but 200 or 304.
 */
@Produces(MediaType.APPLICATION_JSON)
public class MessagesResource extends AccountResource {

    public MessagesResource(KeycloakSession session, Checks checks) {
        super(session, checks);
    }

    @GET
    @Path("{locale}")
    public Response texts(@PathParam("locale") String locale, @Context Request request,
            @HeaderParam(HttpHeaders.ACCEPT_ENCODING) String acceptEncoding) throws IOException {
        checks.accountManagementOn();
        if (!Messages.validLanguageTag(locale)) {
            throw Answers.error(Response.Status.BAD_REQUEST, "invalid_parameter",
                    "The language must be a language tag of at most " + Messages.MAX_TAG_LENGTH + " characters.");
        }
        Theme theme = session.theme().getTheme(Theme.Type.ACCOUNT);
        Properties texts = theme.getEnhancedMessages(session.getContext().getRealm(), Locale.forLanguageTag(locale));
        byte[] body = Messages.body(texts);
        boolean gzip = Messages.acceptsGzip(acceptEncoding);
        EntityTag etag = new EntityTag(Messages.etag(body, gzip));
        Response.ResponseBuilder unchanged = request.evaluatePreconditions(etag);
        Response.ResponseBuilder answer = unchanged != null ? unchanged
                : gzip ? Response.ok(Messages.gzip(body)).header(HttpHeaders.CONTENT_ENCODING, "gzip")
                        : Response.ok(body);
        // no-cache: kept, but asked again on every load (an admin may change an override at any moment), and then a
        // 304 costs a few hundred bytes. Not private: every user of the realm gets the same texts.
        return answer.type(MediaType.APPLICATION_JSON_TYPE.withCharset("utf-8"))
                .tag(etag)
                .header(HttpHeaders.CACHE_CONTROL, "no-cache")
                .header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING)
                .build();
    }
}
