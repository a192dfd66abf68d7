package io.github.kcaccountconsole.extension.places;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.Checks;

/**
 * {@code places}: the approximate places of the caller's own sessions. Only the addresses Keycloak recorded for the
 * caller's sessions are looked up: no address comes from the request, so this is no oracle for any address.
 */
public class PlacesResource extends AccountResource {

    private final PlaceBook book;

    public PlacesResource(KeycloakSession session, Checks checks, PlaceBook book) {
        super(session, checks);
        this.book = book;
    }

    /** The places of the caller's sessions, by session id; a session without a place is left out. */
    public record SessionPlaces(Map<String, Place> sessions) {
    }

    @GET
    @Path("sessions")
    @Produces(MediaType.APPLICATION_JSON)
    public Response sessions() {
        UserModel user = checks.require(book.offered(), Access.Need.READ).user();
        RealmModel realm = session.getContext().getRealm();
        String language = session.getContext().resolveLocale(user).toLanguageTag();
        Map<String, Place> places = new LinkedHashMap<>();
        // Online and offline sessions, as Keycloak's device list shows both; an id found in both is looked up once.
        Stream.concat(session.sessions().getUserSessionsStream(realm, user),
                        session.sessions().getOfflineUserSessionsStream(realm, user))
                .filter(userSession -> !places.containsKey(userSession.getId()))
                .forEach(userSession -> book.near(userSession.getIpAddress(), language)
                        .ifPresent(place -> places.put(userSession.getId(), place)));
        return Answers.json(Response.Status.OK, new SessionPlaces(places));
    }
}
