// @ts-check
// Artillery's functions for tools/load/api.yml and tools/load/browser.yml (docs/production.md, "Load").
//
// Every virtual user takes the next load user (tools/load/run.mjs runs Artillery with one worker, so the count is shared).
// A check that finds another user's data, or a value other than the one just saved, counts `load.crossed`: the
// figure this load test exists for.
import { createHash, randomBytes } from "node:crypto";
import { REALM, loadUser, savedLastName } from "./users.mjs";

/** @typedef {{ vars: Record<string, any> }} Context */
/** @typedef {{ emit: (type: string, name: string, value?: number) => void }} Events */
/** @typedef {(error?: Error) => void} Done */
/** @typedef {{ statusCode: number, body: string, headers: Record<string, string | string[] | undefined> }} Response */

let nextApiUser = 0;
let nextBrowserUser = 0;

/** Before the sign-in: the next user, and the console's authorization request (code flow with PKCE). */
export function startSignIn(/** @type {Context} */ context, /** @type {Events} */ _events, /** @type {Done} */ done) {
  const user = loadUser(nextApiUser++);
  const verifier = randomBytes(32).toString("base64url");
  Object.assign(context.vars, {
    username: user.username,
    password: user.password,
    email: user.email,
    realm: REALM,
    verifier,
    challenge: createHash("sha256").update(verifier).digest("base64url"),
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
    redirectUri: `${context.vars.target}/realms/${REALM}/account/`,
    round: 0,
    signInStarted: Date.now(),
  });
  done();
}

/**
 * The login page's cookies, for its form post. Keycloak marks them Secure; a browser sends them to http://localhost
 * (a secure context), Artillery's cookie jar does not.
 */
export function keepCookies(
  /** @type {unknown} */ _request,
  /** @type {Response} */ response,
  /** @type {Context} */ context,
  /** @type {Events} */ _events,
  /** @type {Done} */ done,
) {
  const lines = /** @type {string[]} */ ([]).concat(response.headers["set-cookie"] ?? []);
  context.vars.cookies = lines.map((line) => line.split(";")[0]).join("; ");
  done();
}

/** The login form's action comes HTML-escaped out of the page. */
export function formAction(/** @type {Context} */ context, /** @type {Events} */ _events, /** @type {Done} */ done) {
  context.vars.loginAction = String(context.vars.loginAction).replaceAll("&amp;", "&");
  done();
}

/** The form post must answer a redirect back to the console with a code; anything else is a refused sign-in. */
export function codeFromRedirect(
  /** @type {Context} */ context,
  /** @type {Events} */ _events,
  /** @type {Done} */ done,
) {
  const code = new URL(String(context.vars.location ?? ""), context.vars.target).searchParams.get("code");
  if (!code) return done(new Error("sign-in refused: no code in the redirect"));
  context.vars.code = code;
  done();
}

/** After the token exchange: one sign-in done, timed from the authorization request. */
export function signedIn(
  /** @type {unknown} */ _request,
  /** @type {Response} */ response,
  /** @type {Context} */ context,
  /** @type {Events} */ events,
  /** @type {Done} */ done,
) {
  if (response.statusCode !== 200) return done(new Error(`token exchange: HTTP ${response.statusCode}`));
  events.emit("counter", "load.sign_ins", 1);
  events.emit("histogram", "load.sign_in", Date.now() - Number(context.vars.signInStarted));
  done();
}

/** The node that answered (HAProxy's X-Served-By), when there is one. @param {Response} response @param {Events} events */
function countNode(response, events) {
  const node = String(response.headers["x-served-by"] ?? "");
  if (node) events.emit("counter", `load.api_calls_by.${node}`, 1);
}

/** @param {Response} response @param {string} call */
function answer(response, call) {
  if (response.statusCode !== 200) throw new Error(`${call}: HTTP ${response.statusCode}`);
  return /** @type {Record<string, unknown>} */ (JSON.parse(response.body));
}

/**
 * A profile answer of this user: the node counted, and `load.crossed` when it is another user's or its `field` is not
 * `expected`. Returns the profile; throws when the call failed.
 * @param {Response} response @param {Context} context @param {Events} events
 * @param {string} call @param {string} field @param {unknown} expected
 */
function ownProfile(response, context, events, call, field, expected) {
  countNode(response, events);
  const profile = answer(response, call);
  if (profile.username !== context.vars.username || profile[field] !== expected) {
    events.emit("counter", "load.crossed", 1);
  }
  return profile;
}

/** The profile as loaded: it must be this user's. */
export function checkLoaded(
  /** @type {unknown} */ _request,
  /** @type {Response} */ response,
  /** @type {Context} */ context,
  /** @type {Events} */ events,
  /** @type {Done} */ done,
) {
  try {
    context.vars.loaded = ownProfile(response, context, events, "load", "email", context.vars.email);
  } catch (error) {
    return done(/** @type {Error} */ (error));
  }
  done();
}

/** The save: what was loaded, with a last name unique to user and round (as the console saves it, without the metadata). */
export function saveBody(
  /** @type {{ json?: unknown }} */ request,
  /** @type {Context} */ context,
  /** @type {Events} */ _events,
  /** @type {Done} */ done,
) {
  const { userProfileMetadata: _metadata, ...user } = context.vars.loaded;
  context.vars.lastName = savedLastName(context.vars.username, context.vars.round);
  request.json = { ...user, lastName: context.vars.lastName };
  done();
}

export function checkSaved(
  /** @type {unknown} */ _request,
  /** @type {Response} */ response,
  /** @type {Context} */ _context,
  /** @type {Events} */ events,
  /** @type {Done} */ done,
) {
  countNode(response, events);
  done(response.statusCode === 204 ? undefined : new Error(`save: HTTP ${response.statusCode}`));
}

/** Read back: this user, with the last name just saved. */
export function checkReadBack(
  /** @type {unknown} */ _request,
  /** @type {Response} */ response,
  /** @type {Context} */ context,
  /** @type {Events} */ events,
  /** @type {Done} */ done,
) {
  try {
    ownProfile(response, context, events, "read back", "lastName", context.vars.lastName);
  } catch (error) {
    return done(/** @type {Error} */ (error));
  }
  context.vars.round += 1;
  done();
}

/**
 * One browser virtual user signs in load users one after another, each in a fresh browser context, until every one
 * of `browserUsers` has had its turn: the number of virtual users is the number of sign-ins at once.
 * @param {import("playwright").Page} page
 * @param {Context} context
 * @param {Events} events
 * @param {{ step: (name: string, action: () => Promise<void>) => Promise<void> }} test
 */
export async function browserSignIns(page, context, events, test) {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser behind the page");
  for (let index = nextBrowserUser++; index < Number(context.vars.browserUsers); index = nextBrowserUser++) {
    const me = loadUser(index);
    const signIn = await browser.newContext({ baseURL: context.vars.target, viewport: { width: 1280, height: 800 } });
    // As browser.yml's defaultTimeout gives the engine's own page: a loaded machine is slow, not broken.
    signIn.setDefaultTimeout(60_000);
    try {
      const tab = await signIn.newPage();
      await test.step("sign_in", async () => {
        await tab.goto(`/realms/${REALM}/account/`);
        await tab.locator("#username").fill(me.username);
        await tab.locator("#password").fill(me.password);
        await tab.locator("#kc-login").click();
        await tab.locator("input#username").waitFor({ timeout: 60_000 });
      });
      const shown = await tab.locator("input#username").inputValue();
      if (shown === me.username) events.emit("counter", "load.browser_sign_ins", 1);
      else events.emit("counter", "load.crossed", 1);
    } catch (error) {
      // Counted as Artillery counts a failed virtual user, and the next user still gets their turn.
      events.emit("error", `browser sign-in: ${/** @type {Error} */ (error).message.split("\n")[0]}`);
    } finally {
      await signIn.close();
    }
  }
}
