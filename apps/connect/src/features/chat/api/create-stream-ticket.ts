import type { StreamTicket } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { CHATS_API } from './get-chat';

/** A short-lived ticket for the chat stream (EventSource cannot send the bearer header). */
export function createStreamTicket(): Promise<StreamTicket> {
  return apiFetch<StreamTicket>(`${CHATS_API}/stream-ticket`, { method: 'POST' });
}
