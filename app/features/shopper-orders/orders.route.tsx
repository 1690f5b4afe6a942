import type { Route } from "./+types/orders.route";
import { AccountShell } from "~/features/accounts/shell";
import { OrderList } from "./order-list";
import { rootOrigin } from "~/shared/page/root-data";
import { requireAccountViewer } from "~/features/accounts/index.server";
import { listCustomerOrders } from "./customer-orders.server";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Mijn bestellingen",
    description: "Je bestellingen bij Trapkracht.",
    origin: rootOrigin(matches),
    path: "/orders",
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccountViewer(request, context);
  // Orders are matched on the account's address, guest checkouts included (spec 1 §6), so only an
  // address the person has proven is used. Every way to a session proves it today; this keeps it so.
  if (!viewer.emailVerified) return { orders: [] };
  return { orders: await listCustomerOrders(context.db, viewer.email) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <AccountShell
      title="Mijn bestellingen"
      intro="Al je bestellingen, de nieuwste bovenaan. Open een bestelling om de artikelen, bedragen en het bezorgadres te zien."
      current="orders"
    >
      <OrderList orders={loaderData.orders} />
    </AccountShell>
  );
}
