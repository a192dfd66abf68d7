package io.github.kcaccountconsole.extension.shared;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.keycloak.models.ClientModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.representations.AccessToken;

/**
 * Reads the four parts of Keycloak's {@code AuthenticationManager.AuthResult} on every supported release. Keycloak
 * 26.5 made it a record and deprecated its getters ({@code getUser()} …) for removal in favour of the record's
 * accessors ({@code user()} …), which 26.0 to 26.4 do not have. The extension is compiled against 26.0, so it looks
 * each part up once, when the class is loaded: the accessor where the running server has it, else the getter.
 */
final class AuthResultParts {

    private final MethodHandle user;
    private final MethodHandle session;
    private final MethodHandle token;
    private final MethodHandle client;
    /** Whether the record's accessors were found (for tests and the log). */
    private final boolean recordAccessors;

    private AuthResultParts(MethodHandle user, MethodHandle session, MethodHandle token, MethodHandle client,
            boolean recordAccessors) {
        this.user = user;
        this.session = session;
        this.token = token;
        this.client = client;
        this.recordAccessors = recordAccessors;
    }

    static AuthResultParts of(Class<?> type) {
        MethodHandle user = find(type, "user", UserModel.class);
        if (user != null) {
            return new AuthResultParts(user, require(type, "session", UserSessionModel.class),
                    require(type, "token", AccessToken.class), require(type, "client", ClientModel.class), true);
        }
        return new AuthResultParts(require(type, "getUser", UserModel.class),
                require(type, "getSession", UserSessionModel.class), require(type, "getToken", AccessToken.class),
                require(type, "getClient", ClientModel.class), false);
    }

    boolean recordAccessors() {
        return recordAccessors;
    }

    UserModel user(Object result) {
        return (UserModel) call(user, result);
    }

    UserSessionModel session(Object result) {
        return (UserSessionModel) call(session, result);
    }

    AccessToken token(Object result) {
        return (AccessToken) call(token, result);
    }

    ClientModel client(Object result) {
        return (ClientModel) call(client, result);
    }

    private static MethodHandle find(Class<?> type, String name, Class<?> returned) {
        try {
            return MethodHandles.publicLookup().findVirtual(type, name, MethodType.methodType(returned));
        } catch (NoSuchMethodException | IllegalAccessException absent) {
            return null;
        }
    }

    private static MethodHandle require(Class<?> type, String name, Class<?> returned) {
        MethodHandle handle = find(type, name, returned);
        if (handle == null) {
            throw new IllegalStateException(type.getName() + " has no public " + name + "(): this Keycloak release "
                    + "changed how a bearer token's check answers; the extension needs an update.");
        }
        return handle;
    }

    private static Object call(MethodHandle handle, Object result) {
        try {
            return handle.invoke(result);
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable checked) {
            // A getter declares no checked exception; this cannot happen.
            throw new IllegalStateException(checked);
        }
    }
}
