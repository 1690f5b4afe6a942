/**
 * The admin's Customers tab (issue 28): accounts and guest buyers by e-mail address. Its routes are
 * customers.route.tsx (/admin/customers) and customer.route.tsx (/admin/customers/:key), named in
 * app/routes.ts; the figures come from customer_summaries, kept by database triggers (ADR 0031).
 */
export { parseAdminCustomersQuery, adminCustomersSearch, postcodePrefix } from "./customers-query";
