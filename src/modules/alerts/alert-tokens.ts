/**
 * The links of an alert's mails: the confirm and unsubscribe pages on PUBLIC_BASE_URL, each naming a
 * secret token (modules/secrets: 256 random bits, only their SHA-256 stored).
 */
import { absoluteUrl } from '../../common/absolute-url';
import { paths } from '../../common/paths';

export function confirmUrl(publicBaseUrl: string, token: string): string {
  return absoluteUrl(paths.alertConfirm(token), publicBaseUrl);
}

export function unsubscribeUrl(publicBaseUrl: string, token: string): string {
  return absoluteUrl(paths.alertUnsubscribe(token), publicBaseUrl);
}

/**
 * RFC 8058 one-click unsubscribe (required by Gmail and Yahoo for bulk senders): the mail client POSTs
 * `List-Unsubscribe=One-Click` to the URL, which ends the alert without a login or a page.
 */
export function listUnsubscribeHeaders(publicBaseUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicBaseUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
