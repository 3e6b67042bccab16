// Lookups shared by several screens: connector types and positions, countries and settlements (see README.md).
export * from '@/features/lookups/api';
