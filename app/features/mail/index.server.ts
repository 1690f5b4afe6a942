export { mailQueue } from "./delivery.server";
export { enqueueMail, MAIL_QUEUE } from "./outbox.server";
