import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { NonceProvider } from "~/shared/security/nonce";
import { serverRenderedLazyReady } from "~/shared/hydration/server-rendered-lazy";

export const streamTimeout = 5_000;

/** Requests whose loader or action failed because the database was away (set by handleError). */
const databaseUnavailable = new WeakSet<Request>();

/**
 * Every unexpected error of a loader, action or render, as one JSON line through the request's
 * logger (React Router's default prints multi-line stack text). Answers to a wrong request (a 404 or
 * 405 React Router makes itself, a 4xx a resource route throws) are not errors: the request log line
 * has their status. Nor is a request the browser gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const cause = unwrapRouteError(error);
  if (isDatabaseUnavailable(cause)) databaseUnavailable.add(request);
  const fields = { err: cause, method: request.method, url: request.url };
  const logger = (context as Partial<AppLoadContext> | undefined)?.logger;
  if (!logger) {
    // Without a load context (building it failed) there is no logger: still one JSON line.
    console.error(
      JSON.stringify({ level: 50, time: Date.now(), msg: "unexpected error", ...fields, err: String(cause) }),
    );
    return;
  }
  logger.error(fields, "unexpected error");
};

/** React Router wraps some errors (e.g. one thrown while rendering) in a route error response. */
function unwrapRouteError(error: unknown): unknown {
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  return inner instanceof Error ? inner : error;
}

/** React Router's default Node entry, plus the CSP nonce on every inline script it writes. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // "Try again shortly" rather than "broken": tells crawlers and load balancers the page is fine.
  if (responseStatusCode === 500 && databaseUnavailable.has(request)) responseStatusCode = 503;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  await serverRenderedLazyReady();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React 19 moves a finished Suspense boundary of more than 500 bytes out of place (to the end
        // of the stream, put back by an inline script) once ~12.8 KB have been written. Our boundaries
        // hold content that must be in place without JavaScript (the account menu, the maintenance
        // screen), so the page is written in order.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error, url: request.url }, "render error");
        },
      },
    );
  });
}
