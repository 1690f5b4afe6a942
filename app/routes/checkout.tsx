// Placeholder route module: being built (issue 4).
export default function Placeholder() {
  return <p className="p-8">Binnenkort beschikbaar.</p>;
}
