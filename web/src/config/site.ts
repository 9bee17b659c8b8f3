/**
 * Names, addresses and outside links in one place, so changing the platform's URL or a social handle
 * is a one-line edit. Social URLs are placeholders until the accounts are confirmed.
 */
export const SITE = {
  name: "Slussen Sound",
  founded: 2016,
  copyrightYear: 2024,
  city: "Stockholm, Sweden",
  email: "hello@slussensound.se",
  phone: "+46 8 000 00 00",
  tagline: "We help creatives fulfil their artistic vision through high-end media and events.",
} as const;

export const PLATFORM = {
  name: "SplitLedger",
  url: "https://splitledger.app",
  description: "Collaboration, music metadata and royalty-split tracking in one place.",
} as const;

export const SOCIAL_LINKS = [
  { label: "Instagram", href: "https://www.instagram.com/" },
  { label: "YouTube", href: "https://www.youtube.com/" },
  { label: "LinkedIn", href: "https://www.linkedin.com/" },
  { label: "Facebook", href: "https://www.facebook.com/" },
] as const;

export type SocialLabel = (typeof SOCIAL_LINKS)[number]["label"];

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/projects", label: "Projects" },
  { to: "/work-with-us", label: "Work With Us" },
  { to: "/contact", label: "Contact" },
] as const;
