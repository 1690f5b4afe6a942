/**
 * Strava returns no e-mail address. A first-time Strava user gets a placeholder address under the
 * reserved .invalid domain (RFC 2606: it can never receive mail and never belongs to anyone) until
 * they give and confirm a real one. Plain module: the e-mail form refuses these addresses in the
 * browser as well.
 */
export const STRAVA_PLACEHOLDER_DOMAIN = "strava.invalid";

export function stravaPlaceholderEmail(athleteId: string | number): string {
  return `strava-${athleteId}@${STRAVA_PLACEHOLDER_DOMAIN}`;
}

export function isStravaPlaceholderEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${STRAVA_PLACEHOLDER_DOMAIN}`);
}
