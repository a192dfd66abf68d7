import { NO_EXTENSION, fetchSessionPlaces, probeExtension, type Place } from "../../../api/extension";
import { fetchDevices, fetchSessions } from "../../../api/methods";
import { fetchSignInAlerts } from "../../../api/signInAlerts";
import { isSessionEnded } from "../../../auth/sessionEnded";
import type { PageLoader } from "../../page";
import { onlineOnly, orderDevices, type OrderedDevice } from "./devices";

/**
 * Device activity's data: the devices, whether Lasting access lists the offline sessions (then left out here), and,
 * after the first screen, the user's choice about sign-in alerts: undefined where the realm sends none, or where it
 * could not be read (a switch that shows a guess would mislead). That promise never rejects.
 */
export type DeviceActivityData = {
  devices: OrderedDevice[];
  lastingAccess: boolean;
  signInAlerts: Promise<boolean | undefined>;
  /** Each session's approximate place by session id, where the server has a places database; and its attribution. */
  places: { bySession: Record<string, Place>; attribution: string | null };
};

export const loadDevices: PageLoader<DeviceActivityData> = async ({ api, request: { signal } }) => {
  const devices = fetchDevices(api, signal);
  const features = await probeExtension(api).catch(() => NO_EXTENSION);
  const signInAlerts = features.signInAlerts
    ? fetchSignInAlerts(api, signal).then(
        (choice) => (choice.offered ? choice.enabled : undefined),
        (error: unknown) => {
          if (!signal.aborted && !isSessionEnded(error)) console.warn("Sign-in alerts could not be read.", error);
          return undefined;
        },
      )
    : Promise.resolve(undefined);
  // Places are extra facts beside the addresses: without them the page is the page as it always was.
  const places = (
    features.places
      ? fetchSessionPlaces(api, signal).catch((error: unknown) => {
          if (!signal.aborted && !isSessionEnded(error)) console.warn("Sign-in places could not be read.", error);
          return {};
        })
      : Promise.resolve({})
  ).then((bySession) => ({ bySession, attribution: features.placesAttribution }));
  // Without the extension, the devices list is the only place to end an offline session: it stays as Keycloak has it.
  if (!features.offlineSessions) {
    const [all, shown] = await Promise.all([devices, places]);
    return { devices: orderDevices(all), lastingAccess: false, signInAlerts, places: shown };
  }
  const [all, online, shown] = await Promise.all([devices, fetchSessions(api, signal), places]);
  return { devices: orderDevices(onlineOnly(all, online)), lastingAccess: true, signInAlerts, places: shown };
};
