/** The mail module's face (the outbox, decision 031): what other code may use of it. */
export { createMailService, type MailService, type OutgoingMail, type SendDueResult } from './mail.service';
