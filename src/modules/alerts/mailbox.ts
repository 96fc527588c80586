/**
 * One canonical mailbox per address (decision 036): the key every per-address rule uses — the daily
 * allowance, one pending alert per build, the admin's erase — so that spellings delivered to the same
 * inbox share them. Folded: the case of the whole address (no mail host we know of treats the local part
 * case-sensitively), Unicode NFC, the domain in its ASCII (punycode) spelling, and a `+tag` of the local
 * part on every domain (Gmail, Outlook, Fastmail, iCloud, Proton and most hosts deliver `name+anything` to
 * `name`; on a host that does not, the only cost is that two real mailboxes share one allowance). Dots are
 * kept: only Gmail ignores them, and folding them elsewhere would merge different people.
 *
 * The mail itself still goes to the address as typed: a visitor's `+tag` may feed their own filters.
 */
import { domainToASCII } from 'node:url';

export function canonicalMailbox(address: string): string {
  const text = address.trim().normalize('NFC').toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0) return text;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  const plus = local.indexOf('+');
  // "+tag@…" alone is a local part of its own, not a tag of nothing.
  const base = plus > 0 ? local.slice(0, plus) : local;
  return `${base}@${domainToASCII(domain) || domain}`;
}

/** The domain part of a canonical mailbox: what the per-domain caps count. */
export function mailboxDomain(mailbox: string): string {
  return mailbox.slice(mailbox.lastIndexOf('@') + 1);
}
