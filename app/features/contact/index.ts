// Client-safe public entry of the contact page: what a contact message holds (the mails quote it).
export type { ContactInput } from "./contact-schema";
