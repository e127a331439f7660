/**
 * The page's latest answer to each GET made through getQueryOptions, so that another area's first
 * read of the same path does not ask again a moment later: the shell's frame and the hub both read
 * `/me/progress` as the page starts, each with its own QueryClient (issue 28). A read counts for
 * RECENT_READ_MS, for the user it was made for, and only until the page's next write. A read still
 * on its way counts too (`pendingRead`): the two areas often ask within the same few milliseconds.
 */
export const RECENT_READ_MS = 5_000;
/** Paths kept at most (the oldest goes first); a page reads a few dozen. */
const MAX_PATHS = 50;

interface Read {
  data: unknown;
  at: number;
  user: string | null;
}

const reads = new Map<string, Read>();
const pending = new Map<string, { answer: Promise<unknown>; user: string | null }>();

/** Records a GET on its way, until it settles (or the page writes). */
export function startRead(path: string, answer: Promise<unknown>, user: string | null): void {
  const entry = { answer, user };
  pending.set(path, entry);
  const settle = () => {
    if (pending.get(path) === entry) pending.delete(path);
  };
  answer.then(settle, settle);
}

/** The GET of `path` for `user` on its way now, if any. */
export function pendingRead(path: string, user: string | null): Promise<unknown> | undefined {
  const read = pending.get(path);
  return read && read.user === user ? read.answer : undefined;
}

export function rememberRead(path: string, data: unknown, user: string | null, now = Date.now()): void {
  reads.delete(path);
  reads.set(path, { data, at: now, user });
  if (reads.size > MAX_PATHS) reads.delete(reads.keys().next().value!);
}

/** The answer to `path` read for `user` in the last RECENT_READ_MS, if any. */
export function recentRead(path: string, user: string | null, now = Date.now()): Read | undefined {
  const read = reads.get(path);
  if (!read || read.user !== user || now - read.at > RECENT_READ_MS) return undefined;
  return read;
}

/** A write may change any answer: every area's next first read asks the server (http.ts calls it). */
export function forgetReads(): void {
  reads.clear();
  pending.clear();
}
