// Server services of the contact page: a shopper's message, sent to the shop and confirmed to the shopper.
export { CONTACT_LIMITS, sendContactMessage, type SendContactResult } from "./contact.server";
