import crypto from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeAthlete = { id: number; firstname: string; lastname: string; profile: string };

export type TokenRequest = { headers: IncomingMessage["headers"]; body: URLSearchParams };

export type FakeStrava = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The env for startTestApp that points the app's Strava provider here. */
  env: Record<string, string>;
  /** Every authorisation request's query, in order. */
  authorizeRequests: URLSearchParams[];
  /** Every token request (headers and form body), in order. */
  tokenRequests: TokenRequest[];
  /** The access tokens handed out, in order. */
  issuedAccessTokens: string[];
  /** The athlete the next authorisation signs in as. */
  setAthlete: (athlete: FakeAthlete) => void;
  /** The next authorisation is refused by the athlete ("Cancel" on Strava's page). */
  denyNext: () => void;
  close: () => Promise<void>;
};

let athleteCounter = 0;

/** A fresh athlete with a unique id. */
export function newAthlete(overrides: Partial<FakeAthlete> = {}): FakeAthlete {
  athleteCounter += 1;
  return {
    id: 9_000_000 + process.pid * 100 + athleteCounter,
    firstname: "Marianne",
    lastname: "Vos",
    profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1/large.jpg",
    ...overrides,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * Strava's OAuth 2 endpoints as documented (developers.strava.com/docs/authentication), served on a
 * real loopback port: GET /oauth/authorize approves at once (or refuses, when told to) and sends the
 * browser back to redirect_uri with the same state; POST /api/v3/oauth/token checks the client
 * credentials in the form body and the one-time code, and answers with the athlete but no e-mail.
 */
export async function startFakeStrava(): Promise<FakeStrava> {
  const clientId = "12345";
  const clientSecret = `fake-secret-${crypto.randomBytes(8).toString("hex")}`;
  const authorizeRequests: URLSearchParams[] = [];
  const tokenRequests: TokenRequest[] = [];
  const issuedAccessTokens: string[] = [];
  const codes = new Map<string, FakeAthlete>();
  let athlete = newAthlete();
  let deny = false;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/oauth/authorize") {
      authorizeRequests.push(url.searchParams);
      const redirectUri = url.searchParams.get("redirect_uri");
      if (url.searchParams.get("client_id") !== clientId || !redirectUri) {
        return json(res, 400, { message: "Bad Request", errors: [{ field: "client_id", code: "invalid" }] });
      }
      const back = new URL(redirectUri);
      const state = url.searchParams.get("state");
      if (state !== null) back.searchParams.set("state", state);
      if (deny) {
        deny = false;
        back.searchParams.set("error", "access_denied");
      } else {
        const code = crypto.randomBytes(20).toString("hex");
        codes.set(code, athlete);
        back.searchParams.set("code", code);
        back.searchParams.set("scope", url.searchParams.get("scope") ?? "read");
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/api/v3/oauth/token") {
      const body = new URLSearchParams(await readBody(req));
      tokenRequests.push({ headers: req.headers, body });
      if (body.get("client_id") !== clientId || body.get("client_secret") !== clientSecret) {
        return json(res, 401, { message: "Authorization Error", errors: [{ field: "client_id", code: "invalid" }] });
      }
      const code = body.get("code") ?? "";
      const codeAthlete = codes.get(code);
      if (body.get("grant_type") !== "authorization_code" || !codeAthlete) {
        return json(res, 400, { message: "Bad Request", errors: [{ field: "code", code: "invalid" }] });
      }
      codes.delete(code);
      const now = Math.floor(Date.now() / 1000);
      const accessToken = crypto.randomBytes(20).toString("hex");
      issuedAccessTokens.push(accessToken);
      return json(res, 200, {
        token_type: "Bearer",
        access_token: accessToken,
        refresh_token: crypto.randomBytes(20).toString("hex"),
        expires_at: now + 21_600,
        expires_in: 21_600,
        athlete: { ...codeAthlete, username: null, city: "Utrecht", country: "Nederland" },
      });
    }
    json(res, 404, { message: "Record Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    env: {
      STRAVA_CLIENT_ID: clientId,
      STRAVA_CLIENT_SECRET: clientSecret,
      STRAVA_AUTHORIZATION_URL: `${url}/oauth/authorize`,
      STRAVA_TOKEN_URL: `${url}/api/v3/oauth/token`,
    },
    authorizeRequests,
    tokenRequests,
    issuedAccessTokens,
    setAthlete: (next) => {
      athlete = next;
    },
    denyNext: () => {
      deny = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
