import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The URL map of spec 1 §2.1, one line a route. Shop pages share the header/footer layout.
export default [
  layout("routes/_shop.tsx", [
    index("routes/home.tsx"),
    route("products", "routes/products.tsx"),
    route("products-grid", "routes/products-grid.tsx"),
    route("sportvoeding", "routes/sportvoeding.tsx"),
    route("onderhoud", "routes/onderhoud.tsx"),
    route("fietsonderdelen", "routes/fietsonderdelen.tsx"),
    route("reiniging", "routes/reiniging.tsx"),
    route("smering", "routes/smering.tsx"),
    route("product/:artNo", "routes/product.$artNo.tsx"),
    route("blog", "routes/blog._index.tsx"),
    route("blog/:slug", "routes/blog.$slug.tsx"),
    route("contact", "routes/contact.tsx"),
    route("about", "routes/about.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("ProductCategories", "routes/product-categories.tsx"),
    // "Mail me als het weer leverbaar is": confirm or cancel through the mailed link.
    route("voorraadmelding/:token", "routes/stock-alert.$token.tsx"),
    // Accounts (spec 1 §2.3, §2.10, §2.11)
    route("login", "routes/login.tsx"),
    route("wachtwoord-vergeten", "routes/forgot-password.tsx"),
    route("wachtwoord-herstellen", "routes/reset-password.tsx"),
    route("auth/callback", "routes/auth.callback.tsx"),
    route("auth/email", "routes/auth.email.tsx"),
    route("auth/email/bevestigen", "routes/auth.email.confirm.tsx"),
    route("account", "routes/account.tsx"),
    route("profile", "routes/profile.tsx"),
    route("orders", "routes/orders.tsx"),
    // A guest's order: order number + e-mail address, or the signed link in the mails (issue 13).
    route("bestelling", "routes/guest-order.tsx"),
    // "Bestelling herroepen" (issue 11): for the customer who placed the order and the guest who opened it.
    route("herroepen/:orderId", "routes/withdrawal.tsx"),
    // Cart and checkout (spec 1 §2.12, §2.13)
    route("cart", "routes/cart.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("checkout/success", "routes/checkout.success.tsx"),
    route("checkout/cancel", "routes/checkout.cancel.tsx"),
    // Admin (spec 1 §2.15): a layout (guard, shell, tab bar) with one child route per tab; every
    // loader and action calls requireAdmin. /admin?tab=<id> redirects to /admin/<id>.
    route("admin", "routes/admin.tsx", [
      index("routes/admin._index.tsx"),
      route("products", "routes/admin.products.tsx"),
      route("product-management", "routes/admin.products.tsx", { id: "routes/admin.product-management" }),
      route("users", "routes/admin.users.tsx"),
      route("settings", "routes/admin.settings.tsx"),
      route("api", "routes/admin.api.tsx"),
      route("coupons", "routes/admin.coupons.tsx"),
      route("homepage", "routes/admin.homepage.tsx"),
      route("sftp", "routes/admin.sftp.tsx"),
      route("ftp", "routes/admin.ftp.tsx"),
      route("orders", "routes/admin.orders.tsx", [route(":orderId", "routes/admin.orders.$orderId.tsx")]),
      // Customers (issue 28): accounts and guest buyers by e-mail address, and one customer's page.
      route("customers", "features/admin-customers/customers.route.tsx"),
      route("customers/:key", "features/admin-customers/customer.route.tsx"),
      route("changes", "routes/admin.changes.tsx"),
      route("image-migration", "routes/admin.image-migration.tsx"),
      // Supplier Feeds (issue 15): imports of the supplier's product and stock files, and their reports.
      route("feeds", "routes/admin.feeds.tsx"),
      route("feeds/runs/:runId", "routes/admin.feeds.runs.$runId.tsx"),
      route("*", "routes/admin.$.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
  // Resource routes (no HTML layout).
  route("logout", "routes/logout.ts"),
  route("auth/strava", "routes/auth.strava.ts"),
  // Payments: the local test provider's hosted page (no shop layout, like Stripe's) and webhooks.
  route("betaalpagina/:sessionId", "routes/local-payment-page.tsx"),
  route("api/payments/stripe-webhook", "routes/api.payments.stripe-webhook.ts"),
  // The built-in test supplier, standing in for the dropship supplier while none is configured.
  route("api/test-supplier/orders", "routes/api.test-supplier.orders.ts"),
  route("api/test-supplier/images/:file", "routes/api.test-supplier.images.$file.ts"),
  route("api/search-suggestions", "routes/api.search-suggestions.ts"),
  route("voorraadmelding", "routes/stock-alert.ts"),
  // Invoices and credit invoices as PDF (issue 11): admins, and the shopper whose order it is.
  route("factuur/:number", "routes/invoice.$number.ts"),
  route("media/images/:file", "routes/media.images.$file.ts"),
  route("media/:kind/:file", "routes/media.$kind.$file.ts"),
  // Homepage carousel images: the admin's upload (5 MB limit in server/body-limit.ts) and serving.
  route("admin/homepage/upload", "routes/admin.homepage.upload.ts"),
  // A supplier feed file, streamed to disk (FEED_MAX_BYTES, server/app.ts) and queued as an import.
  route("admin/feeds/upload", "routes/admin.feeds.upload.ts"),
  // The filtered All Orders list as CSV (issue 28), streamed; admins only.
  route("admin/orders/export.csv", "features/admin-orders/export-csv.route.ts"),
  route("uploads/carousel/:file", "routes/uploads.carousel.$file.ts"),
  // Files the admin's SFTP test retrieved from the supplier (admins only).
  route("admin/sftp/files/:file", "routes/admin.sftp.files.$file.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
] satisfies RouteConfig;
