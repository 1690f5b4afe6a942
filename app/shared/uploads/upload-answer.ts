/** What an admin image upload route answers (the carousel's and the product form's). */
export type UploadAnswer = { ok: true; url: string } | { ok: false; message: string };

/**
 * An upload route's answer as the form shows it. Not every answer is the route's JSON: the body
 * limit, a proxy or a crashed process answer plain text or HTML, and a lapsed session a redirect;
 * then the status tells what happened instead of a JSON parse error.
 */
export async function readUploadAnswer(response: Response): Promise<UploadAnswer> {
  if ((response.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) {
    const answer = (await response.json().catch(() => null)) as Partial<{ ok: boolean; url: string; message: string }>;
    if (answer?.ok === true && typeof answer.url === "string") return { ok: true, url: answer.url };
    if (answer?.ok === false && typeof answer.message === "string") return { ok: false, message: answer.message };
  }
  if (response.status === 413) return { ok: false, message: "The file is larger than 5 MB" };
  if (response.status === 507) return { ok: false, message: "The server's disk is full; the image was not saved" };
  if (
    response.status === 401 ||
    response.status === 403 ||
    response.status === 302 ||
    response.type === "opaqueredirect"
  )
    return { ok: false, message: "You are no longer signed in as an admin; sign in again" };
  return { ok: false, message: `The server gave an unexpected answer (status ${response.status}); try again later` };
}
