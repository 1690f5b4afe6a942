/** The flash message a response sets: the base64url JSON in its `trapkracht_flash` cookie, or null. */
export function flashOf(res: Response): { kind: string; title: string; description?: string } | null {
  for (const cookie of res.headers.getSetCookie()) {
    const match = /^trapkracht_flash=([^;]+)/.exec(cookie);
    if (match) return JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8"));
  }
  return null;
}
