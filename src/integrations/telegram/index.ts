/** Telegram's Bot API (decision 046): the deals' channel. */
export { createTelegramClient, TelegramApiError, type TelegramClient, type TelegramClientSettings, type TelegramErrorKind, type SentMessage } from './client';
