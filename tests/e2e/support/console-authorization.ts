import { createHash, randomBytes, randomUUID } from "node:crypto";

/**
 * The console client's authorization request at `realmUrl`, with PKCE as the console asks for it, back to
 * `redirectUri`; `more` adds parameters (a response mode). The verifier exchanges the code, where one is exchanged.
 */
export function consoleAuthorization(realmUrl: string, redirectUri: string, more: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${realmUrl}/protocol/openid-connect/auth`);
  url.search = new URLSearchParams({
    client_id: "account-console",
    redirect_uri: redirectUri,
    response_type: "code",
    ...more,
    scope: "openid",
    state: randomUUID(),
    nonce: randomUUID(),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  return { url, verifier };
}
