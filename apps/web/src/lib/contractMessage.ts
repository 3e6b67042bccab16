import { translateMessage } from '@zaryad/contracts/messages';
import { currentLanguage } from '@/lib/i18n';

/** A contract message key (`email_invalid`, `password_min:8`) in the current language. */
export const contractMessage = (key: string): string => translateMessage(key, currentLanguage());
