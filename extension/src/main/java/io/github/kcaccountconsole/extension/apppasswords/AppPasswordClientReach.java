package io.github.kcaccountconsole.extension.apppasswords;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import org.keycloak.models.ClientModel;
import org.keycloak.models.ClientScopeModel;
import org.keycloak.models.Constants;
import org.keycloak.models.ProtocolMapperContainerModel;
import org.keycloak.models.ProtocolMapperModel;
import org.keycloak.models.RealmModel;
import org.keycloak.models.RoleModel;
import org.keycloak.protocol.oidc.mappers.AudienceProtocolMapper;

/**
 * Whether the tokens of a client could manage the account or the realm: a role of the {@code account} client or of
 * the {@code realm-management} client (Keycloak's Account API and admin API), or the {@code account} audience. An app
 * password skips the second factor, so {@link AppPasswordAuthenticator} signs in only through a client whose tokens
 * can do neither. {@link #verdict} decides over what {@link #of} reads from Keycloak's model.
 */
final class AppPasswordClientReach {

    /** The clients whose roles a token of an app password must never carry. */
    static final List<String> GUARDED_CLIENTS =
            List.of(Constants.ACCOUNT_MANAGEMENT_CLIENT_ID, Constants.REALM_MANAGEMENT_CLIENT_ID);
    /** The audience Keycloak's Account API asks of a bearer token. */
    static final String GUARDED_AUDIENCE = Constants.ACCOUNT_MANAGEMENT_CLIENT_ID;
    /** {@link AudienceProtocolMapper}'s key for a custom audience, which Keycloak keeps private. */
    static final String CUSTOM_AUDIENCE = "included.custom.audience";

    /**
     * What one place of the client's settings gives its tokens: the client's own dedicated scope or one of its client
     * scopes.
     *
     * @param name how an admin finds it, e.g. {@code dedicated scope} or {@code default client scope 'roles'}
     * @param guardedRoles the guarded roles ({@code client/role}) that a role mapped there is or holds as a composite
     * @param audiences the audiences its audience mappers add
     */
    record Source(String name, List<String> guardedRoles, List<String> audiences) {
    }

    private AppPasswordClientReach() {
    }

    /** What is wrong with the client for app passwords, for the admin's log, or {@code null} when nothing is. */
    static String verdict(boolean fullScopeAllowed, List<Source> sources) {
        List<String> findings = new ArrayList<>();
        if (fullScopeAllowed) {
            findings.add("full scope allowed gives its tokens every role of the user");
        }
        for (Source source : sources) {
            if (!source.guardedRoles().isEmpty()) {
                findings.add(source.name() + " maps " + String.join(", ", source.guardedRoles()));
            }
            if (source.audiences().contains(GUARDED_AUDIENCE)) {
                findings.add(source.name() + " adds the audience '" + GUARDED_AUDIENCE + "'");
            }
        }
        return findings.isEmpty() ? null : String.join("; ", findings);
    }

    /** {@link #verdict} of a client of the realm, as Keycloak's model has it now. */
    static String of(RealmModel realm, ClientModel client) {
        if (client.isFullScopeAllowed()) {
            // Refused whatever else it has: nothing more to read.
            return verdict(true, List.of());
        }
        Map<RoleModel, String> guarded = new LinkedHashMap<>();
        GUARDED_CLIENTS.stream()
                .map(realm::getClientByClientId)
                .filter(Objects::nonNull)
                .forEach(owner -> owner.getRolesStream()
                        .forEach(role -> guarded.put(role, owner.getClientId() + "/" + role.getName())));
        List<Source> sources = new ArrayList<>();
        // Keycloak gives a token without full scope the client's own roles too, beside its scope mappings.
        sources.add(source("its dedicated scope or own roles",
                Stream.concat(client.getScopeMappingsStream(), client.getRolesStream()), client, guarded));
        for (boolean defaultScope : new boolean[] {true, false}) {
            String kind = defaultScope ? "default" : "optional";
            for (ClientScopeModel scope : client.getClientScopes(defaultScope).values()) {
                sources.add(source(kind + " client scope '" + scope.getName() + "'", scope.getScopeMappingsStream(),
                        scope, guarded));
            }
        }
        return verdict(false, sources);
    }

    private static Source source(String name, Stream<RoleModel> roles, ProtocolMapperContainerModel mappers,
            Map<RoleModel, String> guarded) {
        // RoleModel.hasRole is Keycloak's own composite search: a mapped realm role holding manage-account counts.
        List<String> reached = roles
                .flatMap(mapped -> guarded.entrySet().stream().filter(entry -> mapped.hasRole(entry.getKey())))
                .map(Map.Entry::getValue)
                .distinct()
                .toList();
        List<String> audiences = mappers.getProtocolMappersStream()
                .filter(mapper -> AudienceProtocolMapper.PROVIDER_ID.equals(mapper.getProtocolMapper()))
                .flatMap(AppPasswordClientReach::audiences)
                .toList();
        return new Source(name, reached, audiences);
    }

    private static Stream<String> audiences(ProtocolMapperModel mapper) {
        Map<String, String> config = mapper.getConfig() == null ? Map.of() : mapper.getConfig();
        return Stream.of(config.get(AudienceProtocolMapper.INCLUDED_CLIENT_AUDIENCE), config.get(CUSTOM_AUDIENCE))
                .filter(Objects::nonNull)
                .map(String::trim);
    }
}
