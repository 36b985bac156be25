/** One e-mail of the product: plain text, one recipient. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends an e-mail, or throws (the job `mail.send` retries later). */
export interface Mailer {
  readonly kind: "outbox" | "smtp";
  send(mail: OutgoingMail): Promise<void>;
}
