/**
 * The shop's outgoing mail: `enqueueMail` puts a mail in the outbox in the caller's transaction; the
 * job registry (server/job-registry.ts) runs `mailQueue`, which sends it over SMTP.
 */
export { mailQueue, type MailAttachment, type ResolveMailAttachment } from "./delivery.server";
export { enqueueMail, MAIL_QUEUE } from "./outbox.server";
