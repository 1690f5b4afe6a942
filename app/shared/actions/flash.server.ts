import type { Config } from "~/shared/config/env.server";

/**
 * One-time messages that survive a redirect (Post/Redirect/Get): the root loader reads the cookie,
 * clears it and the page shows the message as a toast (and as text where a page chooses to).
 */
export type Flash = { kind: "success" | "error" | "info"; title: string; description?: string };

/** What decides the cookie's attributes: an https shop gets Secure cookies, as its session cookie. */
export type FlashConfig = Pick<Config, "publicUrl">;

const COOKIE = "trapkracht_flash";

function attributes(config: FlashConfig, maxAge: number): string {
  const secure = config.publicUrl.startsWith("https:") ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function flashCookie(config: FlashConfig, flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${COOKIE}=${value}; ${attributes(config, 120)}`;
}

export function clearFlashCookie(config: FlashConfig): string {
  return `${COOKIE}=; ${attributes(config, 0)}`;
}

export function readFlash(request: Request): Flash | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]+)`));
  if (!match) return null;
  try {
    const parsed = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as Partial<Flash>;
    if (typeof parsed.title !== "string") return null;
    const kind = parsed.kind === "error" || parsed.kind === "info" ? parsed.kind : "success";
    return {
      kind,
      title: parsed.title.slice(0, 200),
      description: typeof parsed.description === "string" ? parsed.description.slice(0, 500) : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * A redirect that carries a flash message (and any other headers, e.g. a session cookie). The shop's
 * config comes first so no caller can forget the cookie's Secure attribute on an https shop.
 */
export function redirectWithFlash(
  config: FlashConfig,
  url: string,
  flash: Flash,
  init: { headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.set("Location", url);
  headers.append("Set-Cookie", flashCookie(config, flash));
  return new Response(null, { status: 302, headers });
}
