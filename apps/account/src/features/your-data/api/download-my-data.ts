import { apiFetch, gatherMyData } from '@vere/web-session';

/** Everything the four services hold about the user, as one document (any one failing fails it). */
export function downloadMyData() {
  return gatherMyData(apiFetch);
}
