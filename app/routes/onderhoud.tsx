// Placeholder until this page is built.
export default function Page() {
  return <h1 className="p-8 text-2xl font-bold">onderhoud</h1>;
}
