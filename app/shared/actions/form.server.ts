import { data } from "react-router";

/**
 * The posted form, or a 400 answer when the body is not a form at all (a script or a broken client):
 * bad input gets a clear Dutch error instead of an unexpected 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("Ongeldig formulier: verstuur het formulier opnieuw vanaf de pagina.", { status: 400 });
  }
}
