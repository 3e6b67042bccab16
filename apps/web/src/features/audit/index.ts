// The button is small; the drawer it opens loads on the first click.
export { HistoryButton } from '@/features/audit/HistoryButton';
