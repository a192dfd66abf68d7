package io.github.kcaccountconsole.extension.shared;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQueries;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * One kind of the extension's own state of one user (last use, sign-in alerts): a row of the extension's table
 * {@code ACCOUNT_CONSOLE_USER_STATE}, made by its change log ({@code META-INF/account-console-changelog.xml}). Keycloak's
 * Quarkus build adds every {@code @Entity} of a provider jar outside {@code org.keycloak} to its persistence unit.
 */
@Entity(name = "AccountConsoleUserState")
@Table(name = "ACCOUNT_CONSOLE_USER_STATE")
@IdClass(UserStateEntity.Key.class)
@NamedQueries({
    @NamedQuery(name = UserStateEntity.DELETE_OF_USER,
            query = "delete from AccountConsoleUserState s where s.userId = :userId"),
    @NamedQuery(name = UserStateEntity.DELETE_OF_REALM,
            query = "delete from AccountConsoleUserState s where s.realmId = :realmId")
})
public class UserStateEntity {

    static final String DELETE_OF_USER = "accountConsoleDeleteUserStateOfUser";
    static final String DELETE_OF_REALM = "accountConsoleDeleteUserStateOfRealm";

    @Id
    @Column(name = "USER_ID", length = 255)
    private String userId;

    @Id
    @Column(name = "KIND", length = 36)
    private String kind;

    @Column(name = "REALM_ID", length = 36, nullable = false)
    private String realmId;

    /** The state as JSON; a column of the same type as Keycloak's {@code CREDENTIAL.SECRET_DATA}, where it was before. */
    @Column(name = "STATE")
    private String state;

    /** When the row was last written (epoch milliseconds). */
    @Column(name = "UPDATED_TIME", nullable = false)
    private long updatedTime;

    protected UserStateEntity() {
    }

    UserStateEntity(String realmId, String userId, String kind) {
        this.realmId = realmId;
        this.userId = userId;
        this.kind = kind;
    }

    String getUserId() {
        return userId;
    }

    String getKind() {
        return kind;
    }

    String getRealmId() {
        return realmId;
    }

    String getState() {
        return state;
    }

    long getUpdatedTime() {
        return updatedTime;
    }

    void write(String newState, long time) {
        state = newState;
        updatedTime = time;
    }

    /** The primary key: a user has one row per kind. */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private String userId;
        private String kind;

        public Key() {
        }

        Key(String userId, String kind) {
            this.userId = userId;
            this.kind = kind;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(userId, key.userId) && Objects.equals(kind, key.kind);
        }

        @Override
        public int hashCode() {
            return Objects.hash(userId, kind);
        }
    }
}
