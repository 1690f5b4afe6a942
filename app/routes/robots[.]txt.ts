// Placeholder until this resource is built.
export function loader() {
  return new Response("Niet gevonden", { status: 404 });
}
