/** One step of a connection test, with the moment it happened (shown in the 300 px log panes). */
export type LogLine = { at: string; message: string; level: "info" | "error" };

export function createLog() {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (message: string) => void lines.push({ at: new Date().toISOString(), message, level: "info" }),
    error: (message: string) => void lines.push({ at: new Date().toISOString(), message, level: "error" }),
  };
}
export type Log = ReturnType<typeof createLog>;

/** Rejects with `message` when `promise` takes longer than `ms`; `onTimeout` ends the connection. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string, onTimeout?: () => void) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          onTimeout?.();
          reject(new Error(message));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A safe local name for a remote file: its last path part, only [A-Za-z0-9._-], no leading dot. */
export function safeFileName(remoteName: string): string | null {
  const base = remoteName.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 120);
  return cleaned === "" ? null : cleaned;
}

/** An error as the admin may read it: the message only, never a stack; secrets are not in these. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 300);
}
