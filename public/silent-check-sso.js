// The page of keycloak-js's silent check-sso frame (index.ftl renders it for the query in SILENT_CHECK_SSO_QUERY):
// hands the sign-in response in this frame's address to the console in the parent window, same origin only.
parent.postMessage(location.href, location.origin);
