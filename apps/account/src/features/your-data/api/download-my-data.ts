import { apiFetch } from '@vere/web-session';
import { gatherMyData } from '@vere/web-session/accounts';

/** Everything the four services hold about the user, as one document (any one failing fails it). */
export function downloadMyData() {
  return gatherMyData(apiFetch);
}
