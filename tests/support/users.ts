import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../app/db/client.server";
import { accounts, users, type UserRole } from "../../app/db/schema";
import type { TestApp } from "./app";

let counter = 0;

/**
 * One scrypt hash per password and test worker: a hash costs about 230 ms of CPU (N=16384, r=16, as
 * better-auth stores them), and most test users share the password "geheim123". Any hash of the
 * password is a valid one (each carries its own salt), and signing in still verifies it for real.
 */
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export type TestUserInput = {
  email?: string;
  password?: string;
  name?: string;
  role?: UserRole;
  isActive?: boolean;
  emailVerified?: boolean;
};

/** A user with an e-mail + password account, written straight to the database (verified by default). */
export async function createUser(db: Db, input: TestUserInput = {}) {
  counter += 1;
  const id = `test-user-${process.pid}-${Date.now()}-${counter}`;
  const email = (input.email ?? `klant${counter}-${Date.now()}@example.nl`).toLowerCase();
  const password = input.password ?? "geheim123";
  await db.insert(users).values({
    id,
    email,
    name: input.name ?? "",
    emailVerified: input.emailVerified ?? true,
    role: input.role ?? "customer",
    isActive: input.isActive ?? true,
  });
  await db.insert(accounts).values({
    id: `${id}-credential`,
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await passwordHash(password),
  });
  return { id, email, password };
}

/** Signs in through better-auth directly and returns the Cookie header value for later requests. */
export async function sessionCookie(app: TestApp, email: string, password: string): Promise<string> {
  const res = await app.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  if (!res.ok) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
  return cookieHeaderFrom(res);
}

/** The Cookie header a browser would send after this response's Set-Cookie headers. */
export function cookieHeaderFrom(res: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = part.split("=");
    jar.set(name!, rest.join("="));
  }
  for (const setCookie of res.headers.getSetCookie()) {
    const [pair, ...attributes] = setCookie.split(/;\s*/);
    const [name, ...rest] = pair!.split("=");
    const value = rest.join("=");
    const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value === "";
    if (expired) jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** A signed-in user and their cookie in one step. */
export async function signedInUser(app: TestApp, db: Db, input: TestUserInput = {}) {
  const user = await createUser(db, input);
  const cookie = await sessionCookie(app, user.email, user.password);
  return { ...user, cookie };
}

export async function setUserActive(db: Db, userId: string, isActive: boolean) {
  await db.update(users).set({ isActive }).where(eq(users.id, userId));
}
