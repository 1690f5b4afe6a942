/** The admin accounts global-setup creates for the browser tests (password: the demo admin's). */
export const E2E_ADMIN_POOL = 40;

export function e2eAdminEmail(index: number): string {
  return `e2e-beheerder-${index}@trapkracht.test`;
}

/** A client address of its own for a browser context or request (TEST-NET and benchmark ranges). */
export function fakeClientAddress(): string {
  const n = Math.floor(Math.random() * 65_536);
  return `198.18.${n >> 8}.${n & 255}`;
}
