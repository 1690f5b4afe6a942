import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * The embedded PGlite database belongs to one process. Two processes on one data folder both start,
 * both write, and the folder ends up unreadable or missing data (issue 12: eight paid orders lost);
 * `npm run admin:create` while the shop runs is exactly that mistake. So opening the folder takes a
 * lock: `<dataDir>.lock` next to it (inside, it would disturb PGlite's own files), created
 * atomically with O_EXCL ('wx') and holding the owner's pid and start time.
 *
 * A lock whose owner is gone (kill -9, power loss) is stale and taken over, with a log line: the pid
 * is not alive, or it is alive but started at another moment (the pid was reused, e.g. pid 1 in a
 * restarted container). A lock written on another host (a shared volume) cannot be checked and is
 * respected. Released on close and, as a last resort, when the process exits.
 */

type LockOwner = {
  pid: number;
  /** When the owning process started (ISO), for the message. */
  startedAt: string;
  /** Linux /proc starttime of the owner, in clock ticks since boot: tells a reused pid apart. */
  procStart: string | null;
  hostname: string;
};

export type DataDirLock = { file: string; release: () => void };

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Pick<LockOwner, "pid" | "startedAt" | "hostname"> | null,
    readonly lockFile: string,
  ) {
    super(inUseMessage(dataDir, owner, lockFile));
    this.name = "DataDirInUseError";
  }
}

function inUseMessage(dataDir: string, owner: DataDirInUseError["owner"], lockFile: string): string {
  const otherHost = owner !== null && owner.hostname !== hostname();
  const who = owner
    ? `pid ${owner.pid}${otherHost ? ` op ${owner.hostname}` : ""}, gestart ${new Date(owner.startedAt).toLocaleString("nl-NL")}`
    : "pid onbekend";
  return [
    `De database in ${dataDir} is al in gebruik door een ander proces (${who}).`,
    "De ingebouwde database (PGlite) kan maar door één proces tegelijk worden geopend; twee tegelijk beschadigen de gegevens.",
    "Stop de winkel eerst (of gebruik een andere DATA_DIR, of PostgreSQL via DATABASE_URL) en probeer het dan opnieuw.",
    ...(otherHost || !owner ? [`Weet je zeker dat dat proces niet meer draait, verwijder dan ${lockFile}.`] : []),
  ].join("\n");
}

/** Lock files this process holds, with the exact text it wrote (so it never removes another's). */
const held = new Map<string, string>();
let exitHookInstalled = false;

function releaseAllOnExit() {
  for (const [file, content] of held) removeIfOurs(file, content);
  held.clear();
}

function removeIfOurs(file: string, content: string) {
  try {
    if (readFileSync(file, "utf8") === content) unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
function procStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function ownerOfThisProcess(): LockOwner {
  return {
    pid: process.pid,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    procStart: procStartOf(process.pid),
    hostname: hostname(),
  };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isSafeInteger(value.pid) || typeof value.startedAt !== "string" || typeof value.hostname !== "string") {
      return null;
    }
    return {
      pid: value.pid!,
      startedAt: value.startedAt,
      procStart: value.procStart ?? null,
      hostname: value.hostname,
    };
  } catch {
    return null;
  }
}

/** False only when the owner is certainly gone; anything unsure counts as alive. */
function isAlive(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return true;
  // Our own pid, yet not held by us: an earlier process that had the same pid.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (owner.procStart !== null) {
    const now = procStartOf(owner.pid);
    if (now !== null && now !== owner.procStart) return false;
  }
  return true;
}

const UNREADABLE_LOCK_GRACE_MS = 10_000;

function olderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > ms;
  } catch {
    return false;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Moves a stale lock aside, atomically: if another process replaced it in the meantime (it took the
 * stale lock over first), that fresh lock is put back and left alone.
 */
function removeStale(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (readFileSync(aside, "utf8") !== staleText) {
    try {
      linkSync(aside, file);
    } catch {
      // Yet another process holds a newer lock; the moved one was not stale either way.
    }
  }
  unlinkSync(aside);
}

/**
 * Takes the lock of a PGlite data folder, or throws DataDirInUseError (with the Dutch explanation)
 * when another live process holds it — or this process itself, from an earlier open.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = `${dir}.lock`;
  if (held.has(file)) throw new DataDirInUseError(dir, ownerOfThisProcess(), file);
  mkdirSync(path.dirname(file), { recursive: true });

  for (let attempt = 0; attempt < 5; attempt++) {
    const owner = ownerOfThisProcess();
    const content = `${JSON.stringify(owner)}\n`;
    let fd: number;
    try {
      fd = openSync(file, "wx", 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const text = readText(file);
      if (text === null) continue;
      const previous = parseOwner(text);
      // An unreadable lock may be one being written this very moment: respected, like a live one,
      // unless it is old (a crash between creating and writing it).
      if (!previous && !olderThan(file, UNREADABLE_LOCK_GRACE_MS)) throw new DataDirInUseError(dir, null, file);
      if (previous && isAlive(previous)) throw new DataDirInUseError(dir, previous, file);
      removeStale(file, text);
      console.warn(
        JSON.stringify({
          level: 40,
          msg: "took over a stale database lock",
          lockFile: file,
          previousOwner: previous ? { pid: previous.pid, startedAt: previous.startedAt } : null,
        }),
      );
      continue;
    }
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    held.set(file, content);
    if (!exitHookInstalled) {
      process.on("exit", releaseAllOnExit);
      exitHookInstalled = true;
    }
    let released = false;
    return {
      file,
      release: () => {
        if (released) return;
        released = true;
        held.delete(file);
        removeIfOurs(file, content);
      },
    };
  }
  throw new DataDirInUseError(dir, null, file);
}
