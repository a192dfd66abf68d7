<#--
  The account console's page, rendered by Keycloak's AccountConsole.
  entryScript / entryStyles / entryImports come from resources/.vite/manifest.json (our Vite build).
  Keycloak 26.0 to 26.7 render this page: a variable an older server does not set gets the meaning it had there
  (`!` defaults below; docs/versions.md lists which version sets what).
  Auto-escaping is HTML, which would corrupt JSON, so JSON strings use ?json_string?no_esc:
  json_string escapes quotes, backslashes, control characters and "</" / "<!", so no value can end the script element.
-->
<#macro jsonString value>"${value?json_string?no_esc}"</#macro>
<#-- darkMode: 26.1+ (the theme's darkMode property and the realm's setting). 26.0 has no realm setting: the theme
     property alone decides, so the appearance switch, which is ours, works there too. -->
<#assign darkMode = darkMode!((properties.darkMode!"") == "true")>
<#if (scope!"") == "silent-check-sso">
<#-- Where the silent check-sso ends (src/auth/auth.ts): the console's request only reads the address it was sent
     back to; keycloak-js's fallback frame runs the script, which hands that address to the console. -->
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Silent sign-in check</title>
    <script src="${resourceUrl}/silent-check-sso.js"></script>
  </head>
  <body></body>
</html>
<#else>
<!doctype html>
<#-- localeDir: 26.6+; before, the same right-to-left languages by their code. -->
<html lang="${locale}" dir="${localeDir!(["ar", "fa", "he"]?seq_contains(locale?keep_before("-")?keep_before("_"))?then("rtl", "ltr"))}">
  <head>
    <meta charset="utf-8">
    <link rel="icon" type="${properties.favIconType!'image/svg+xml'}" href="${resourceUrl}${properties.favIcon!'/favicon.svg'}">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light${darkMode?then(' dark', '')}">
    <meta name="description" content="${properties.description!'The Account Console is a web-based interface for managing your account.'}">
    <title>${properties.title!'Account Management'}</title>
    <#if darkMode>
      <#-- Classic (not module) script: it runs before the first paint. A file, so script-src 'self' allows it. -->
      <script src="${resourceUrl}/color-scheme.js"></script>
    </#if>
    <#if !(isSecureContext!true)>
      <script type="module" src="${resourceCommonUrl}/vendor/web-crypto-shim/web-crypto-shim.js"></script>
    </#if>
    <#if devServerUrl?has_content>
      <#-- Keycloak in start-dev with KC_ACCOUNT_VITE_URL set (npm run dev): the app comes from Vite's dev server, and
           Keycloak reads no manifest (no entryScript, entryStyles). Modules of that server, none inline: React
           Refresh's hook and the type checker's overlay (vite.config.ts), Vite's client, then the app. -->
      <script type="module" src="${devServerUrl}/@account-console/dev-client"></script>
      <script type="module" src="${devServerUrl}/@vite/client"></script>
      <script type="module" src="${devServerUrl}/src/main.tsx"></script>
    </#if>
    <#-- The entry has no stylesheet of its own: the first screen's (the shell's, which holds the start-up spinner's
         rules too, src/app/loading.css) is linked by entry-links.ftl below. Files, not an inline <style>, so
         style-src 'self' allows them. -->
    <#if entryStyles?has_content>
      <#list entryStyles as style>
        <link rel="stylesheet" href="${resourceUrl}/${style}">
      </#list>
    </#if>
    <#if properties.styles?has_content>
      <#list properties.styles?split(' ') as style>
        <link rel="stylesheet" href="${resourceUrl}/${style}">
      </#list>
    </#if>
    <#if entryScript?has_content>
      <script type="module" src="${resourceUrl}/${entryScript}"></script>
    </#if>
    <#if properties.scripts?has_content>
      <#list properties.scripts?split(' ') as script>
        <script type="module" src="${resourceUrl}/${script}"></script>
      </#list>
    </#if>
    <#-- Not entryImports: Keycloak fills it with manifest keys, which are not file paths (see entry-links.mjs).
         Not under the dev server either: the built files would load beside its own. -->
    <#if !devServerUrl?has_content>
      <#include "entry-links.ftl">
    </#if>
    <#-- What start-up reads that needs no token, asked for with the page rather than once the app's code has run: the
         menu and the texts (the page's language and English, src/i18n/translationsUrl.ts), from the server extension.
         The app's own calls (src/menu/menu.ts, src/i18n/i18n.ts) take these answers: same address, no headers. -->
    <link rel="preload" as="fetch" crossorigin href="${resourceUrl}/content.json">
    <#list (locale == "en")?then(["en"], [locale, "en"]) as language>
      <link rel="preload" as="fetch" crossorigin href="${serverBaseUrl?remove_ending("/")}/realms/${realm.name?url('UTF-8')}/account-console-extension/messages/${language?url('UTF-8')}">
    </#list>
  </head>
  <body data-page-id="account">
    <div id="app">
      <main class="kc-loading" aria-busy="true">
        <div class="kc-loading__spinner" role="progressbar" aria-valuetext="Loading..." aria-label="Loading"></div>
        <p class="kc-loading__text">Loading the Account Console</p>
      </main>
    </div>
    <noscript>JavaScript is required to use the Account Console.</noscript>
    <script id="environment" type="application/json">
      {
        "serverBaseUrl": <@jsonString value=(serverBaseUrl) />,
        "authUrl": <@jsonString value=(authUrl) />,
        "authServerUrl": <@jsonString value=(authServerUrl) />,
        "realm": <@jsonString value=(realm.name) />,
        "clientId": <@jsonString value=(clientId) />,
        "resourceUrl": <@jsonString value=(resourceUrl) />,
        "logo": <@jsonString value=(properties.logo!"") />,
        "logoUrl": <@jsonString value=(properties.logoUrl!"") />,
        "baseUrl": <@jsonString value=(baseUrl) />,
        "locale": <@jsonString value=(locale) />,
        "referrerName": <@jsonString value=(referrerName!"") />,
        "referrerUrl": <@jsonString value=(referrer_uri!"") />,
        "darkMode": ${darkMode?c},
        "features": {
          "isRegistrationEmailAsUsername": ${realm.registrationEmailAsUsername?c},
          "isEditUserNameAllowed": ${realm.editUsernameAllowed?c},
          "isInternationalizationEnabled": ${realm.isInternationalizationEnabled()?c},
          <#-- isLinkedAccountsEnabled: 26.2+; before, the realm's identityFederationEnabled (any identity provider). -->
          "isLinkedAccountsEnabled": ${(isLinkedAccountsEnabled!realm.identityFederationEnabled)?c},
          "isMyResourcesEnabled": ${(realm.userManagedAccessAllowed && isAuthorizationEnabled)?c},
          <#-- isViewOrganizationsEnabled: 26.0+ (organizations came in 26.0). -->
          "isViewOrganizationsEnabled": ${(isViewOrganizationsEnabled!false)?c},
          "deleteAccountAllowed": ${deleteAccountAllowed?c},
          "updateEmailFeatureEnabled": ${updateEmailFeatureEnabled?c},
          "updateEmailActionEnabled": ${updateEmailActionEnabled?c},
          <#-- isViewApplicationsEnabled: 26.7+ (the view-applications role); before, every user saw applications. -->
          "isViewApplicationsEnabled": ${(isViewApplicationsEnabled!true)?c},
          "isViewGroupsEnabled": ${isViewGroupsEnabled?c},
          "isOid4VciEnabled": ${(isOid4VciEnabled!false)?c},
          <#-- The Account REST API's /verifiable-credentials came in 26.7, with isViewApplicationsEnabled: on an older
               server the page that lists them is not offered (the credential offer page is). -->
          <#-- The idp_link action (26.3+, a required action of every realm): how an identity provider is linked. -->
          "isIdpLinkActionEnabled": ${((realm.getRequiredActionProviderByAlias("idp_link").enabled)!false)?c},
          "isViewVerifiableCredentialsEnabled": ${((isOid4VciEnabled!false) && isViewApplicationsEnabled??)?c}
        },
        "scope": <@jsonString value=(scope!"") />
      }
    </script>
  </body>
</html>
</#if>
