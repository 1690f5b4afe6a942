/** Placeholder until the maintenance screen is built: what non-admins see while maintenance mode is on. */
export function MaintenanceScreen() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">We zijn zo terug</h1>
    </main>
  );
}
