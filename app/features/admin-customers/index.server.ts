/** The Customers tab's services: the list and one address's customer page. */
export { listCustomers, getCustomerDetails, CUSTOMERS_PAGE_SIZE } from "./customers.server";
