package io.github.kcaccountconsole.extension.activity;

import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.keycloak.events.Event;
import org.keycloak.events.EventStoreProvider;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.Checks;
import io.github.kcaccountconsole.extension.shared.PageRequest;
import io.github.kcaccountconsole.extension.places.PlaceBook;

/** {@code events}: the caller's own events, newest first, a bounded page at a time. */
@Produces(MediaType.APPLICATION_JSON)
public class ActivityResource extends AccountResource {

    private final boolean offered;
    private final PlaceBook places;

    public ActivityResource(KeycloakSession session, Checks checks, boolean offered, PlaceBook places) {
        super(session, checks);
        this.offered = offered;
        this.places = places;
    }

    @GET
    public Response list(@QueryParam("first") String first, @QueryParam("max") String max) {
        UserModel user = checks.require(offered, Access.Need.READ).user();
        String userId = user.getId();
        PageRequest page = PageRequest.of(first, max);
        RealmModel realm = session.getContext().getRealm();
        EventStoreProvider store = realm.isEventsEnabled() ? session.getProvider(EventStoreProvider.class) : null;
        if (store == null) {
            return Answers.json(Response.Status.OK,
                    ActivityEvents.page(false, new PageRequest(0, page.max()), List.of()));
        }
        long since = ActivityEvents.since(System.currentTimeMillis());
        String language = session.getContext().resolveLocale(user).toLanguageTag();
        List<ActivityEvents.Row> rows = ActivityEvents.query(store.createQuery(), realm.getId(), userId, page, since)
                .getResultStream()
                // The query already asked for exactly this; checked again so that no store can widen it.
                .filter(event -> realm.getId().equals(event.getRealmId()) && userId.equals(event.getUserId()))
                .filter(event -> ActivityEvents.isListed(event.getType()))
                .filter(event -> event.getTime() >= since)
                .limit(page.max() + 1L)
                .map(ActivityResource::stored)
                .map(event -> ActivityEvents.toRow(event, places.near(event.ipAddress(), language).orElse(null)))
                .toList();
        return Answers.json(Response.Status.OK, ActivityEvents.page(true, page, rows));
    }

    private static ActivityEvents.StoredEvent stored(Event event) {
        return new ActivityEvents.StoredEvent(event.getTime(), event.getType(), event.getIpAddress(),
                event.getClientId(), event.getError(), event.getDetails());
    }
}
