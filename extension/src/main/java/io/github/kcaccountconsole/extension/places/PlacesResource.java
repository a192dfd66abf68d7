package io.github.kcaccountconsole.extension.places;

import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.keycloak.events.EventStoreProvider;
import org.keycloak.events.EventType;
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
@Produces(MediaType.APPLICATION_JSON)
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

    /**
     * The caller's online sessions from a country none of their sign-ins came from in the 90 days before
     * ({@link NewCountries}). Reads the caller's LOGIN events from 90 days before their oldest session, at most
     * {@link NewCountries#MAX_SIGN_INS} of them, newest first.
     */
    @GET
    @Path("new-countries")
    public Response newCountries() {
        UserModel user = checks.require(book.offered(), Access.Need.READ).user();
        RealmModel realm = session.getContext().getRealm();
        EventStoreProvider store = realm.isEventsEnabled() ? session.getProvider(EventStoreProvider.class) : null;
        if (store == null) {
            return Answers.json(Response.Status.OK, new NewCountries.Answer(false, List.of()));
        }
        List<NewCountries.Session> sessions = session.sessions().getUserSessionsStream(realm, user)
                .map(userSession -> new NewCountries.Session(userSession.getId(), userSession.getStarted() * 1000L,
                        country(userSession.getIpAddress())))
                .toList();
        long oldest = sessions.stream().filter(one -> one.country() != null)
                .mapToLong(NewCountries.Session::started).min().orElse(-1);
        if (oldest < 0) {
            return Answers.json(Response.Status.OK, new NewCountries.Answer(true, List.of()));
        }
        List<NewCountries.SignIn> signIns = store.createQuery()
                .realm(realm.getId())
                .user(user.getId())
                .type(EventType.LOGIN)
                .fromDate(new Date(oldest - NewCountries.WINDOW.toMillis()))
                .orderByDescTime()
                .maxResults(NewCountries.MAX_SIGN_INS)
                .getResultStream()
                // The query already asked for exactly this; checked again so that no store can widen it.
                .filter(event -> realm.getId().equals(event.getRealmId()) && user.getId().equals(event.getUserId()))
                .map(event -> new NewCountries.SignIn(event.getTime(), event.getSessionId(),
                        country(event.getIpAddress())))
                .toList();
        return Answers.json(Response.Status.OK, new NewCountries.Answer(true, NewCountries.judge(sessions, signIns)));
    }

    private String country(String address) {
        return book.near(address, null).map(Place::country).orElse(null);
    }
}
