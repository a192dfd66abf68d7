package io.github.kcaccountconsole.extension.apppasswords;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.keycloak.models.ClientModel;
import org.keycloak.models.ClientScopeModel;
import org.keycloak.models.ProtocolMapperModel;
import org.keycloak.models.RealmModel;
import org.keycloak.models.RoleModel;

class AppPasswordClientReachTest {

    private static final AppPasswordClientReach.Source NOTHING =
            new AppPasswordClientReach.Source("default client scope 'basic'", List.of(), List.of());

    // The decision

    @Test
    void aClientWithoutFullScopeRolesOrTheAccountAudienceIsFine() {
        assertNull(AppPasswordClientReach.verdict(false, List.of()));
        assertNull(AppPasswordClientReach.verdict(false, List.of(NOTHING,
                new AppPasswordClientReach.Source("its dedicated scope", List.of(), List.of("mail-server")))));
    }

    @Test
    void fullScopeIsRefused() {
        assertEquals("full scope allowed gives its tokens every role of the user",
                AppPasswordClientReach.verdict(true, List.of(NOTHING)));
    }

    @Test
    void aGuardedRoleOrTheAccountAudienceIsRefusedAndNamedWithWhereItComesFrom() {
        String verdict = AppPasswordClientReach.verdict(false, List.of(NOTHING,
                new AppPasswordClientReach.Source("default client scope 'roles'", List.of("account/manage-account"),
                        List.of()),
                new AppPasswordClientReach.Source("optional client scope 'aud'", List.of(), List.of("account"))));
        assertEquals("default client scope 'roles' maps account/manage-account; "
                + "optional client scope 'aud' adds the audience 'account'", verdict);
    }

    // What it reads from Keycloak's model

    @Test
    void theLeastReachClientPasses() {
        Fake fake = new Fake();
        assertNull(AppPasswordClientReach.of(fake.realm(), fake.client(false, List.of(), List.of(), List.of(), List.of(),
                List.of())));
    }

    @Test
    void fullScopeIsRefusedWithoutReadingMore() {
        Fake fake = new Fake();
        String verdict = AppPasswordClientReach.of(fake.realm(), fake.client(true, List.of(), List.of(), List.of(),
                List.of(), List.of()));
        assertTrue(verdict.startsWith("full scope allowed"), verdict);
    }

    @Test
    void aRealmRoleHoldingManageAccountAsACompositeIsFound() {
        Fake fake = new Fake();
        RoleModel defaults = fake.role("default-roles-demo", null, fake.manageAccount);
        String verdict = AppPasswordClientReach.of(fake.realm(),
                fake.client(false, List.of(defaults), List.of(), List.of(), List.of(), List.of()));
        assertEquals("its dedicated scope or own roles maps account/manage-account", verdict);
    }

    @Test
    void theClientsOwnCompositeRoleAndAnAdminRoleOnAScopeAreFound() {
        Fake fake = new Fake();
        RoleModel own = fake.role("mailbox", "mail-server", fake.manageAccount);
        ClientScopeModel admin = fake.scope("admin-things", List.of(fake.manageUsers), List.of());
        String verdict = AppPasswordClientReach.of(fake.realm(),
                fake.client(false, List.of(), List.of(own), List.of(), List.of(), List.of(admin)));
        assertEquals("its dedicated scope or own roles maps account/manage-account; "
                + "optional client scope 'admin-things' maps realm-management/manage-users", verdict);
    }

    @Test
    void anAudienceMapperNamingAccountIsFoundAsClientOrCustomAudience() {
        Fake fake = new Fake();
        ClientScopeModel custom = fake.scope("custom", List.of(),
                List.of(audienceMapper(Map.of(AppPasswordClientReach.CUSTOM_AUDIENCE, "account"))));
        ClientScopeModel other = fake.scope("other", List.of(),
                List.of(audienceMapper(Map.of("included.client.audience", "calendar"))));
        ProtocolMapperModel own = audienceMapper(Map.of("included.client.audience", "account"));
        String verdict = AppPasswordClientReach.of(fake.realm(),
                fake.client(false, List.of(), List.of(), List.of(own), List.of(custom, other), List.of()));
        assertEquals("its dedicated scope or own roles adds the audience 'account'; "
                + "default client scope 'custom' adds the audience 'account'", verdict);
    }

    private static ProtocolMapperModel audienceMapper(Map<String, String> config) {
        ProtocolMapperModel mapper = new ProtocolMapperModel();
        mapper.setProtocolMapper("oidc-audience-mapper");
        mapper.setConfig(new HashMap<>(config));
        return mapper;
    }

    /** A realm with the account and realm-management clients, made of proxies: only what the check calls. */
    private static final class Fake {
        final RoleModel manageAccount = role("manage-account", "account");
        final RoleModel viewProfile = role("view-profile", "account");
        final RoleModel manageUsers = role("manage-users", "realm-management");
        final ClientModel account = owner("account", manageAccount, viewProfile);
        final ClientModel realmManagement = owner("realm-management", manageUsers);

        RealmModel realm() {
            return proxy(RealmModel.class, (method, args) -> switch (method) {
                case "getClientByClientId" -> switch ((String) args[0]) {
                    case "account" -> account;
                    case "realm-management" -> realmManagement;
                    default -> null;
                };
                default -> throw new UnsupportedOperationException(method);
            });
        }

        /** A role that is itself and holds {@code composites} (and what they hold). */
        RoleModel role(String name, String client, RoleModel... composites) {
            return proxy(RoleModel.class, (method, args) -> switch (method) {
                case "getName" -> name;
                // As Keycloak's: the role itself, or one it holds.
                case "hasRole" -> args[0].toString().equals(client + "/" + name)
                        || held((RoleModel) args[0], composites);
                default -> throw new UnsupportedOperationException(method);
            }, client + "/" + name);
        }

        private boolean held(RoleModel asked, RoleModel[] composites) {
            for (RoleModel composite : composites) {
                if (composite == asked || composite.hasRole(asked)) {
                    return true;
                }
            }
            return false;
        }

        ClientModel owner(String clientId, RoleModel... roles) {
            return proxy(ClientModel.class, (method, args) -> switch (method) {
                case "getClientId" -> clientId;
                case "getRolesStream" -> List.of(roles).stream();
                default -> throw new UnsupportedOperationException(method);
            });
        }

        ClientScopeModel scope(String name, List<RoleModel> mapped, List<ProtocolMapperModel> mappers) {
            return proxy(ClientScopeModel.class, (method, args) -> switch (method) {
                case "getName" -> name;
                case "getScopeMappingsStream" -> mapped.stream();
                case "getProtocolMappersStream" -> mappers.stream();
                default -> throw new UnsupportedOperationException(method);
            });
        }

        ClientModel client(boolean fullScope, List<RoleModel> mapped, List<RoleModel> own,
                List<ProtocolMapperModel> mappers, List<ClientScopeModel> defaults, List<ClientScopeModel> optionals) {
            return proxy(ClientModel.class, (method, args) -> switch (method) {
                case "isFullScopeAllowed" -> fullScope;
                case "getScopeMappingsStream" -> mapped.stream();
                case "getRolesStream" -> own.stream();
                case "getProtocolMappersStream" -> mappers.stream();
                case "getClientScopes" -> byName((Boolean) args[0] ? defaults : optionals);
                default -> throw new UnsupportedOperationException(method);
            });
        }

        private static Map<String, ClientScopeModel> byName(List<ClientScopeModel> scopes) {
            Map<String, ClientScopeModel> named = new LinkedHashMap<>();
            scopes.forEach(scope -> named.put(scope.getName(), scope));
            return named;
        }
    }

    private interface Answer {
        Object answer(String method, Object[] args);
    }

    private static <T> T proxy(Class<T> type, Answer answer) {
        return proxy(type, answer, type.getSimpleName());
    }

    private static <T> T proxy(Class<T> type, Answer answer, String shown) {
        Set<String> identity = Set.of("equals", "hashCode", "toString");
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (self, method, args) -> {
            if (identity.contains(method.getName())) {
                return switch (method.getName()) {
                    case "equals" -> self == args[0];
                    case "hashCode" -> System.identityHashCode(self);
                    default -> shown;
                };
            }
            return answer.answer(method.getName(), args);
        }));
    }
}
