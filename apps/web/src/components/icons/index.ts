// The product's icons: Tabler's outline icons, only those the app uses (scripts/icons.mjs).
export type { IconProps } from './create-icon';
export * from './tabler-icons.gen';
