import { Outlet } from "react-router";

// Placeholder: the header, navigation and footer are filled in by the layout work.
export default function ShopLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <main id="inhoud" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
