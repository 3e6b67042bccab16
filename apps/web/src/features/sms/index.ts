// The SMS outbox (issue 38): a card of Settings for superadmins, no route of its own (SystemCards.tsx says why).
export { SmsOutboxCard, textsReady as smsTextsReady } from '@/features/sms/SmsOutboxCard';
