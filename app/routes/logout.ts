// Placeholder resource route: being built (issue 3).
export function loader() {
  return new Response("Niet gevonden", { status: 404 });
}
