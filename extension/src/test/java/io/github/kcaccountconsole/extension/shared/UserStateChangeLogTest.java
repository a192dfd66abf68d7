package io.github.kcaccountconsole.extension.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import liquibase.Liquibase;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;

import org.junit.jupiter.api.Test;

/**
 * The extension's change log, run by Liquibase on H2 over Keycloak's tables as far as it reads them (the columns of
 * Keycloak 26.0's {@code USER_ENTITY}, {@code CREDENTIAL} and {@code FED_USER_CREDENTIAL} that it names): the state
 * credentials of earlier releases become rows of the extension's table, and go.
 */
class UserStateChangeLogTest {

    private static final String LAST_USED = "{\"uses\":[{\"type\":\"password\",\"time\":1764316800000}]}";
    private static final String ALERTS = "{\"salt\":\"c2FsdA==\",\"alerts\":false,\"devices\":[]}";

    private static void run(Connection db, String... statements) throws SQLException {
        try (Statement statement = db.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    private static List<String> rows(Connection db, String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = db.createStatement(); ResultSet result = statement.executeQuery(query)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    row.add(result.getString(i));
                }
                rows.add(String.join(" | ", row));
            }
        }
        return rows;
    }

    @SuppressWarnings("deprecation") // Liquibase's classic entry point, present in every 4.x that Keycloak ships
    private static void update(Connection db) throws Exception {
        Database database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(db));
        new Liquibase(UserStateEntityProviderFactory.CHANGELOG, new ClassLoaderResourceAccessor(), database)
                .update("");
    }

    @Test
    void theStateCredentialsOfEarlierReleasesBecomeRowsAndGo() throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:h2:mem:changelog;DB_CLOSE_DELAY=-1", "sa", "")) {
            run(db,
                    "CREATE TABLE USER_ENTITY (ID VARCHAR(36) PRIMARY KEY, REALM_ID VARCHAR(255))",
                    "CREATE TABLE CREDENTIAL (ID VARCHAR(36) PRIMARY KEY, TYPE VARCHAR(255), USER_ID VARCHAR(36),"
                            + " CREATED_DATE BIGINT, SECRET_DATA CLOB, CREDENTIAL_DATA CLOB, PRIORITY INT)",
                    "CREATE TABLE FED_USER_CREDENTIAL (ID VARCHAR(36) PRIMARY KEY, TYPE VARCHAR(255),"
                            + " USER_ID VARCHAR(255), REALM_ID VARCHAR(36), STORAGE_PROVIDER_ID VARCHAR(36),"
                            + " CREATED_DATE BIGINT, SECRET_DATA CLOB, CREDENTIAL_DATA CLOB, PRIORITY INT)",
                    "INSERT INTO USER_ENTITY VALUES ('ann', 'realm-1'), ('ben', 'realm-2')",
                    "INSERT INTO CREDENTIAL VALUES ('c1', 'password', 'ann', 1, '{}', '{}', 10),"
                            + " ('c2', 'account-console-last-used', 'ann', 2, '" + LAST_USED + "', '{}', 20),"
                            + " ('c3', 'account-console-sign-in-alerts', 'ann', 3, '" + ALERTS + "', '{}', 30),"
                            // Two of one type (two first writes at once, before the single-use mark): the one the
                            // extension read, first by priority, is kept.
                            + " ('c4', 'account-console-sign-in-alerts', 'ben', 4, '" + ALERTS + "', '{}', 10),"
                            + " ('c5', 'account-console-sign-in-alerts', 'ben', 5, '{\"salt\":\"other\"}', '{}', 20),"
                            + " ('c6', 'otp', 'ben', 6, '{}', '{}', 30)",
                    "INSERT INTO FED_USER_CREDENTIAL VALUES ('f1', 'account-console-last-used', 'f:ldap:cid',"
                            + " 'realm-1', 'ldap', 7, '" + LAST_USED + "', '{}', 10)");

            update(db);

            assertEquals(List.of(
                    "ann | last-used | realm-1 | " + LAST_USED + " | 2",
                    "ann | sign-in-alerts | realm-1 | " + ALERTS + " | 3",
                    "ben | sign-in-alerts | realm-2 | " + ALERTS + " | 4",
                    "f:ldap:cid | last-used | realm-1 | " + LAST_USED + " | 7"),
                    rows(db, "SELECT USER_ID, KIND, REALM_ID, STATE, UPDATED_TIME FROM ACCOUNT_CONSOLE_USER_STATE"
                            + " ORDER BY USER_ID, KIND"));
            assertEquals(List.of("c1 | password", "c6 | otp"), rows(db, "SELECT ID, TYPE FROM CREDENTIAL ORDER BY ID"));
            assertEquals(List.of(), rows(db, "SELECT ID FROM FED_USER_CREDENTIAL"));

            // Liquibase records what it ran: a later start moves nothing. One written after the first start (a node
            // of an earlier release in a rolling update) waits for its user's next sign-in (UserStateWrites).
            run(db, "INSERT INTO CREDENTIAL VALUES ('c7', 'account-console-last-used', 'ben', 8, '{}', '{}', 40)");
            update(db);
            assertEquals(4, rows(db, "SELECT USER_ID FROM ACCOUNT_CONSOLE_USER_STATE").size());
            assertEquals(List.of("c1", "c6", "c7"), rows(db, "SELECT ID FROM CREDENTIAL ORDER BY ID"));
        }
    }
}
