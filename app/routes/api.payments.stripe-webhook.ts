// Placeholder resource route: being built (issue 4).
export function action() {
  return new Response("Niet gevonden", { status: 404 });
}
