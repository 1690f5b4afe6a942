/** One mail as it goes into the outbox: the subject, the plain-text part and the HTML part. */
export type MailContent = { subject: string; text: string; html: string };
