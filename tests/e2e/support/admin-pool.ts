/** The admin accounts global-setup creates for the browser tests (password: the demo admin's). */
export const E2E_ADMIN_POOL = 40;

/**
 * Admins that one journey alone signs in as: a journey that filters the change log by person must
 * not see what another journey did with the same pool account (a 1-in-40 chance per pair).
 */
export const E2E_OWN_ADMINS = ["change-log-1280", "change-log-390"] as const;
export type OwnAdmin = (typeof E2E_OWN_ADMINS)[number];

/** Every admin global-setup creates: the pool's (by number) and the journeys' own (by name). */
export const E2E_ADMINS: (number | OwnAdmin)[] = [
  ...Array.from({ length: E2E_ADMIN_POOL }, (_, i) => i),
  ...E2E_OWN_ADMINS,
];

export function e2eAdminEmail(admin: number | OwnAdmin): string {
  return `e2e-beheerder-${admin}@trapkracht.test`;
}

/** A client address of its own for a browser context or request (TEST-NET and benchmark ranges). */
export function fakeClientAddress(): string {
  const n = Math.floor(Math.random() * 65_536);
  return `198.18.${n >> 8}.${n & 255}`;
}
