import { NO_EXTENSION, probeExtension } from "../../../api/extension";
import { fetchDevices, fetchSessions } from "../../../api/methods";
import type { PageLoader } from "../../page";
import { onlineOnly, orderDevices, type OrderedDevice } from "./devices";

/** Device activity's data: the devices, and whether Lasting access lists the offline sessions (then left out here). */
export type DeviceActivityData = { devices: OrderedDevice[]; lastingAccess: boolean };

export const loadDevices: PageLoader<DeviceActivityData> = async ({ api, request }) => {
  const devices = fetchDevices(api, request.signal);
  // Without the extension, the devices list is the only place to end an offline session: it stays as Keycloak has it.
  const { offlineSessions } = await probeExtension(api).catch(() => NO_EXTENSION);
  if (!offlineSessions) return { devices: orderDevices(await devices), lastingAccess: false };
  const [all, online] = await Promise.all([devices, fetchSessions(api, request.signal)]);
  return { devices: orderDevices(onlineOnly(all, online)), lastingAccess: true };
};
