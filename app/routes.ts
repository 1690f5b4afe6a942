import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The URL map of spec 1 §2.1, one line a route. Shop pages share the header/footer layout.
export default [
  // The shop layout keeps its old route id: maintenance-screen.tsx reads its data by that id.
  layout("features/shop-layout/shop.route.tsx", { id: "routes/_shop" }, [
    index("features/content/home.route.tsx"),
    route("products", "features/catalogue/products.route.tsx"),
    route("products-grid", "features/catalogue/products-grid.route.tsx"),
    route("sportvoeding", "features/catalogue/sportvoeding.route.tsx"),
    route("onderhoud", "features/catalogue/onderhoud.route.tsx"),
    route("fietsonderdelen", "features/catalogue/fietsonderdelen.route.tsx"),
    route("reiniging", "features/catalogue/reiniging.route.tsx"),
    route("smering", "features/catalogue/smering.route.tsx"),
    route("product/:artNo", "features/catalogue/product.route.tsx"),
    route("blog", "features/content/blog.route.tsx"),
    route("blog/:slug", "features/content/blog-post.route.tsx"),
    route("contact", "features/contact/contact.route.tsx"),
    route("about", "features/content/about.route.tsx"),
    route("privacy", "features/content/privacy.route.tsx"),
    route("terms", "features/content/terms.route.tsx"),
    route("ProductCategories", "features/catalogue/categories.route.tsx"),
    // "Mail me als het weer leverbaar is": confirm or cancel through the mailed link.
    route("voorraadmelding/:token", "features/stock-alerts/confirm.route.tsx"),
    // Accounts (spec 1 §2.3, §2.10, §2.11)
    route("login", "features/accounts/login.route.tsx"),
    route("wachtwoord-vergeten", "features/accounts/forgot-password.route.tsx"),
    route("wachtwoord-herstellen", "features/accounts/reset-password.route.tsx"),
    route("auth/callback", "features/accounts/auth-callback.route.tsx"),
    route("auth/email", "features/accounts/auth-email.route.tsx"),
    route("auth/email/bevestigen", "features/accounts/auth-email-confirm.route.tsx"),
    route("account", "features/accounts/account.route.tsx"),
    route("profile", "features/accounts/profile.route.tsx"),
    route("orders", "features/shopper-orders/orders.route.tsx"),
    // A guest's order: order number + e-mail address, or the signed link in the mails (issue 13).
    route("bestelling", "features/shopper-orders/guest-order.route.tsx"),
    // "Bestelling herroepen" (issue 11): for the customer who placed the order and the guest who opened it.
    route("herroepen/:orderId", "features/shopper-orders/withdrawal.route.tsx"),
    // Cart and checkout (spec 1 §2.12, §2.13)
    route("cart", "features/cart-checkout/cart.route.tsx"),
    route("checkout", "features/cart-checkout/checkout.route.tsx"),
    route("checkout/success", "features/cart-checkout/checkout-success.route.tsx"),
    route("checkout/cancel", "features/cart-checkout/checkout-cancel.route.tsx"),
    // Admin (spec 1 §2.15): a layout (guard, shell, tab bar) with one child route per tab; every
    // loader and action calls requireAdmin. /admin?tab=<id> redirects to /admin/<id>.
    route("admin", "features/admin-shell/admin.route.tsx", [
      // The Dashboard (issue 29): figures and the to-do list; /admin?tab=<id> redirects to /admin/<id>.
      index("features/admin-dashboard/dashboard.route.tsx"),
      route("products", "features/admin-products/products.route.tsx"),
      route("product-management", "features/admin-products/products.route.tsx", {
        id: "routes/admin.product-management",
      }),
      route("users", "features/admin-users/users.route.tsx"),
      route("settings", "features/site-settings/settings.route.tsx"),
      route("api", "features/fulfilment/api.route.tsx"),
      route("coupons", "features/admin-coupons/coupons.route.tsx"),
      route("homepage", "features/carousel/homepage.route.tsx"),
      route("sftp", "features/connections/sftp.route.tsx"),
      route("ftp", "features/connections/ftp.route.tsx"),
      route("orders", "features/admin-orders/orders.route.tsx", [
        route(":orderId", "features/admin-orders/order-details.route.tsx"),
      ]),
      // Customers (issue 28): accounts and guest buyers by e-mail address, and one customer's page.
      route("customers", "features/admin-customers/customers.route.tsx"),
      route("customers/:key", "features/admin-customers/customer.route.tsx"),
      // Reports (issue 29): VAT return, refunds, coupon use and best sellers of a period.
      route("reports", "features/admin-reports/reports.route.tsx"),
      // E-mails (issue 29): every outgoing mail, one mail as sent, resend.
      route("emails", "features/admin-emails/emails.route.tsx"),
      // Mail templates (issue 32): every mail the shop sends, drawn with sample data (ADR 0023).
      route("emails/templates", "features/admin-mail-templates/templates.route.tsx"),
      route("emails/templates/:id", "features/admin-mail-templates/template.route.tsx"),
      route("emails/:id", "features/admin-emails/email.route.tsx"),
      // Search (issue 30): the owner's synonyms, and what shoppers searched for per week.
      route("search", "features/search-synonyms/synonyms.route.tsx"),
      route("search/report", "features/search-report/report.route.tsx"),
      // The change log in the owner's words (issue 29): filters by kind, person and days.
      route("changes", "features/admin-changes/changes.route.tsx"),
      route("image-migration", "features/image-migration/image-migration.route.tsx"),
      // Supplier Feeds (issue 15): imports of the supplier's product and stock files, and their reports.
      route("feeds", "features/supplier-feed/feeds.route.tsx"),
      route("feeds/runs/:runId", "features/supplier-feed/run.route.tsx"),
      route("*", "features/admin-shell/admin-splat.route.tsx"),
    ]),
    // Its old route id stays: it is the "route" label of 404s in the metrics (docs/operations.md).
    route("*", "features/shop-layout/not-found.route.tsx", { id: "routes/not-found" }),
  ]),
  // Resource routes (no HTML layout).
  route("logout", "features/accounts/logout.route.ts"),
  route("auth/strava", "features/accounts/strava.route.ts"),
  // Payments: the local test provider's hosted page (no shop layout, like Stripe's) and webhooks.
  route("betaalpagina/:sessionId", "features/payments/local-payment-page.route.tsx"),
  route("api/payments/stripe-webhook", "features/payments/stripe-webhook.route.ts"),
  // The built-in test supplier, standing in for the dropship supplier while none is configured.
  route("api/test-supplier/orders", "features/fulfilment/test-supplier-orders.route.ts"),
  route("api/test-supplier/images/:file", "features/fulfilment/test-supplier-image.route.ts"),
  route("api/search-suggestions", "features/search/suggestions.route.ts"),
  // Street and city from postcode + house number for the address forms (issue 30; ADR 0045).
  route("api/adres", "features/address-lookup/address.route.ts"),
  route("voorraadmelding", "features/stock-alerts/request.route.ts"),
  // Invoices and credit invoices as PDF (issue 11): admins, and the shopper whose order it is.
  route("factuur/:number", "features/shopper-orders/invoice.route.ts"),
  route("media/images/:file", "features/media/stored-image.route.ts"),
  route("media/:kind/:file", "features/media/drawn-image.route.ts"),
  // Homepage carousel images: the admin's upload (5 MB limit in server/body-limit.ts) and serving.
  route("admin/homepage/upload", "features/carousel/upload.route.ts"),
  // The slide dialog's link suggestions: pages, categories and products by name (issue 29; ADR 0038).
  route("admin/homepage/links", "features/carousel/link-options.route.ts"),
  // An image for the product edit dialog, through the image pipeline (5 MB limit in server/body-limit.ts).
  route("admin/product-images/:artNo", "features/product-images/upload.route.ts"),
  // A supplier feed file, streamed to disk (FEED_MAX_BYTES, server/app.ts) and queued as an import.
  route("admin/feeds/upload", "features/supplier-feed/upload.route.ts"),
  // The filtered All Orders list as CSV (issue 28), streamed; admins only.
  route("admin/orders/export.csv", "features/admin-orders/export-csv.route.ts"),
  // The Reports tab's reports as CSV (issue 29), one URL per report; admins only.
  route("admin/reports/vat-return.csv", "features/admin-reports/csv.route.ts", { id: "admin-reports-vat-csv" }),
  route("admin/reports/refunds.csv", "features/admin-reports/csv.route.ts", { id: "admin-reports-refunds-csv" }),
  route("admin/reports/coupon-use.csv", "features/admin-reports/csv.route.ts", { id: "admin-reports-coupons-csv" }),
  route("admin/reports/best-sellers.csv", "features/admin-reports/csv.route.ts", { id: "admin-reports-products-csv" }),
  // One week of the search report as CSV (issue 30); admins only.
  route("admin/search/report.csv", "features/search-report/csv.route.ts"),
  // A mail's HTML part for the sandboxed frame on its admin page (CSP set in server/app.ts, ADR 0036).
  route("admin/emails/:id/html", "features/admin-emails/email-html.route.ts"),
  // A mail template's HTML drawn with sample data, for its preview's frame (same CSP, ADR 0023).
  route("admin/emails/templates/:id/html", "features/admin-mail-templates/template-html.route.ts"),
  // The filtered Product Management list as CSV (issue 29), streamed; admins only.
  route("admin/products/export.csv", "features/admin-products/export-csv.route.ts"),
  route("uploads/carousel/:file", "features/media/carousel-image.route.ts"),
  // Files the admin's SFTP test retrieved from the supplier (admins only).
  route("admin/sftp/files/:file", "features/connections/sftp-file.route.ts"),
  // A file on the supplier's FTP server, streamed to the admin (issue 29; ADR 0038).
  route("admin/ftp/download", "features/admin-ftp/download.route.ts"),
  route("sitemap.xml", "features/content/sitemap.route.ts"),
  route("robots.txt", "features/content/robots.route.ts"),
] satisfies RouteConfig;
