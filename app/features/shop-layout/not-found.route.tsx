export function loader() {
  throw new Response("Niet gevonden", { status: 404 });
}

export default function NotFound() {
  return null;
}
