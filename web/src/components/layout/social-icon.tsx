import { Facebook, Instagram, Linkedin, type LucideProps, Youtube } from "lucide-react";
import type { SocialLabel } from "@/config/site";

const ICONS: Record<SocialLabel, React.ComponentType<LucideProps>> = {
  Instagram,
  YouTube: Youtube,
  LinkedIn: Linkedin,
  Facebook,
};

export function SocialIcon({ label, className }: { label: SocialLabel; className?: string }) {
  const Icon = ICONS[label];
  return <Icon className={className} aria-hidden="true" />;
}
