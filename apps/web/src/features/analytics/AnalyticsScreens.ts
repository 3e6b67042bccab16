// Both screens of the feature in one chunk: they share nearly everything they import, and one chunk instead of two
// keeps the shared chunks of the other screens as they were (the bundle budgets of `npm run test:size`).
export { DashboardPage } from '@/features/analytics/DashboardPage';
export { HeatMapPage } from '@/features/analytics/HeatMapPage';
export { analyticsTextsReady as textsReady } from '@/features/analytics/analyticsTexts';
