// Lookups shared by several screens: connector types and positions, countries and settlements (see README.md).
export * from '@/features/lookups/api';
export { CountryCityFields, type TCountryCityTexts } from '@/features/lookups/CountryCityFields';
