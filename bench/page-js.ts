import { gzipSync } from "node:zlib";

export type PageJs = { files: { src: string; gzipBytes: number }[]; gzipKb: number };

/**
 * The JavaScript a shopper's browser loads for a page: the module preloads and inline imports of the
 * HTML, plus every static import they pull in, each gzipped. (Strings in the inline route manifest
 * name other pages' chunks too; those are only fetched when navigating, so they don't count.)
 */
export async function pageJavaScript(base: string, pagePath: string, init?: RequestInit): Promise<PageJs> {
  const html = await (await fetch(base + pagePath, init)).text();
  const queue = [
    ...[...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
      [...m[1]!.matchAll(/import\s*(?:[^"'()]*?from\s*)?["'](\/assets\/[^"']+\.js)["']/g)].map((i) => i[1]!),
    ),
  ];
  const seen = new Set<string>();
  const files: PageJs["files"] = [];
  while (queue.length) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const body = Buffer.from(await (await fetch(base + src)).arrayBuffer());
    files.push({ src, gzipBytes: gzipSync(body).length });
    for (const m of body.toString().matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(new URL(m[1]!, base + src).pathname);
    }
  }
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, gzipKb: +(total / 1024).toFixed(1) };
}
