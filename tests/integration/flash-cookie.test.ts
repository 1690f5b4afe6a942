import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { useTestApp } from "../support/fixture";

/** The flash cookie carries the same transport promise as the session cookie: Secure on https. */

// The shop behind an https proxy (PUBLIC_URL), and the plain-http default: a second app on the same database.
const { app: https, database } = useTestApp({ PUBLIC_URL: "https://shop.example.nl" });
let http: TestApp;

beforeAll(async () => {
  http = await startTestApp(database.db);
});
afterAll(async () => {
  await http?.close();
});

const flashSetCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith("trapkracht_flash="));
const FLASH = Buffer.from(JSON.stringify({ kind: "success", title: "Hallo" })).toString("base64url");

describe("the flash cookie", () => {
  it("is Secure when PUBLIC_URL is https, when set and when cleared", async () => {
    const set = await https.post("/logout", {});
    expect(set.status).toBe(302);
    const [cookie] = flashSetCookies(set);
    expect(cookie).toMatch(/^trapkracht_flash=[^;]+; Path=\/; Max-Age=120; HttpOnly; SameSite=Lax; Secure$/);

    const page = await https.get("/about", { headers: { cookie: `trapkracht_flash=${FLASH}` } });
    expect(page.status).toBe(200);
    expect(flashSetCookies(page)).toEqual(["trapkracht_flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure"]);
  });

  it("is not Secure on a plain-http shop (a browser would drop it there)", async () => {
    const set = await http.post("/logout", {});
    const [cookie] = flashSetCookies(set);
    expect(cookie).toMatch(/^trapkracht_flash=[^;]+; Path=\/; Max-Age=120; HttpOnly; SameSite=Lax$/);

    const page = await http.get("/about", { headers: { cookie: `trapkracht_flash=${FLASH}` } });
    expect(flashSetCookies(page)).toEqual(["trapkracht_flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"]);
  });
});
