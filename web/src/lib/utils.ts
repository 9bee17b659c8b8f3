import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Deliberately without tailwind-merge (~8 KiB gzipped on every page, which the home
 * page's 110 KiB budget cannot spare): a className passed to a primitive must add to its classes, not
 * contradict them. To override a primitive's utility, use a variant or Tailwind's important suffix (`p-0!`).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
