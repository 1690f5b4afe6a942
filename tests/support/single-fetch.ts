import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import type { TestApp } from "./app";

/**
 * Posts a form to a route's action the way `useFetcher` does (the single-fetch `.data` URL) and
 * decodes React Router's answer with its own decoder. Returns the HTTP status and the action's data.
 */
export async function postToAction<T>(
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T }> {
  const res = await app.post(`${path}.data`, fields, { headers });
  if (!res.body) throw new Error(`empty answer from ${path} (${res.status})`);
  const decoded = await decodeViaTurboStream(res.body, globalThis);
  await decoded.done;
  const value = decoded.value as { data?: T } | T;
  const data = value && typeof value === "object" && "data" in value ? (value as { data: T }).data : (value as T);
  return { status: res.status, data };
}
